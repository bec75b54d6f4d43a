/** The PIX payload as a QR code image, drawn in the browser with `qrcode`. */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Alert, Skeleton } from '@prata/shared-ui';

export const PIX_QR_WIDTH = 240;

export function PixQrCode({ payload }: { payload: string }) {
  const [image, setImage] = useState<{ payload: string; src: string | null } | null>(null);

  useEffect(() => {
    let active = true;
    QRCode.toDataURL(payload, { width: PIX_QR_WIDTH, margin: 2, errorCorrectionLevel: 'M' }).then(
      (src) => active && setImage({ payload, src }),
      () => active && setImage({ payload, src: null }),
    );
    return () => {
      active = false;
    };
  }, [payload]);

  if (image?.payload !== payload) return <Skeleton style={{ width: PIX_QR_WIDTH, height: PIX_QR_WIDTH }} />;
  if (!image.src) return <Alert variant="warning">Não foi possível gerar o QR Code. Use o código copia e cola.</Alert>;
  return <img src={image.src} width={PIX_QR_WIDTH} height={PIX_QR_WIDTH} alt="QR Code PIX" data-testid="pix-qr-code" />;
}
