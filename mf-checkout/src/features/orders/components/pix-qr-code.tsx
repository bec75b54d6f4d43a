/** The PIX payload as a QR code image, drawn in the browser with `qrcode`. */
import { Alert, Skeleton } from '@prata/shared-ui';
import { useQrCodeDataUrl } from '@prata/shared-ui/qr-code';

export const PIX_QR_WIDTH = 240;

/** The PIX QR code (240 px), a skeleton while drawing, a warning when it cannot be drawn. */
export function PixQrCode({ payload }: { payload: string }) {
  const src = useQrCodeDataUrl(payload, { width: PIX_QR_WIDTH, margin: 2, errorCorrectionLevel: 'M' });
  if (src === undefined) return <Skeleton style={{ width: PIX_QR_WIDTH, height: PIX_QR_WIDTH }} />;
  if (src === null) return <Alert variant="warning">Não foi possível gerar o QR Code. Use o código copia e cola.</Alert>;
  return <img src={src} width={PIX_QR_WIDTH} height={PIX_QR_WIDTH} alt="QR Code PIX" data-testid="pix-qr-code" />;
}
