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

/** How a QR code is drawn: its width in px, quiet-zone margin in modules and error correction. */
export interface QrCodeOptions {
  width: number;
  margin: number;
  errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
}

/**
 * `value` drawn as a QR code PNG data URL, in the browser: undefined while it is being drawn (also
 * right after `value` changes), null when it cannot be drawn.
 */
export function useQrCodeDataUrl(value: string, { width, margin, errorCorrectionLevel }: QrCodeOptions): string | null | undefined {
  const [image, setImage] = useState<{ value: string; src: string | null } | null>(null);

  useEffect(() => {
    let active = true;
    QRCode.toDataURL(value, { width, margin, ...(errorCorrectionLevel ? { errorCorrectionLevel } : {}) }).then(
      (src) => active && setImage({ value, src }),
      () => active && setImage({ value, src: null }),
    );
    return () => {
      active = false;
    };
  }, [value, width, margin, errorCorrectionLevel]);

  return image?.value === value ? image.src : undefined;
}

/** The otpauth URL's QR code image (256 px), a skeleton while drawing, a note when it cannot be drawn. */
export function QrCodeImage({ value, alt }: { value: string; alt: string }) {
  const src = useQrCodeDataUrl(value, { width: QR_WIDTH, margin: QR_MARGIN });
  if (src === undefined) return <Skeleton style={{ width: QR_WIDTH, height: QR_WIDTH }} />;
  if (src === null) return <p>Não foi possível gerar o QR Code. Use a chave secreta abaixo.</p>;
  return <img src={src} width={QR_WIDTH} height={QR_WIDTH} alt={alt} />;
}
