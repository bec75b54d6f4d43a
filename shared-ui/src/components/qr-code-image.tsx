/**
 * The otpauth URL as a QR code image (admin.md 9: 256 px wide, margin 2), drawn with `qrcode`: a
 * skeleton while drawing, a note when it cannot be drawn. Used by the panel's 2FA card (mf-admin)
 * and the sign-in enrolment step (totp-enrolment-form.tsx). Not in shared-ui's index, so the QR
 * library stays out of every page's first load: import `@prata/shared-ui/qr-code`.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Skeleton } from './feedback.tsx';

export const QR_WIDTH = 256;
export const QR_MARGIN = 2;

export function QrCodeImage({ value, alt }: { value: string; alt: string }) {
  const [image, setImage] = useState<{ value: string; src: string | null } | null>(null);

  useEffect(() => {
    let active = true;
    QRCode.toDataURL(value, { width: QR_WIDTH, margin: QR_MARGIN }).then(
      (src) => active && setImage({ value, src }),
      () => active && setImage({ value, src: null }),
    );
    return () => {
      active = false;
    };
  }, [value]);

  if (image?.value !== value) return <Skeleton style={{ width: QR_WIDTH, height: QR_WIDTH }} />;
  if (!image.src) return <p>Não foi possível gerar o QR Code. Use a chave secreta abaixo.</p>;
  return <img src={image.src} width={QR_WIDTH} height={QR_WIDTH} alt={alt} />;
}
