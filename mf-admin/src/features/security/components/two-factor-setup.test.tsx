/**
 * Two-factor setup panel (admin.md 4, 5, 9): the code input keeps digits only (at most 6), the
 * verify button stays disabled until there are 6 digits, the secret and the 10 recovery codes
 * are shown, and the copy button shows its indicator for 2 s.
 */
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TwoFactorSetup } from '@prata/contracts';
import { toast } from '@prata/shared-ui/state';
import { flush, inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { COPY_INDICATOR_MS } from '../../../components/copy-button.tsx';
import { TwoFactorSetupPanel } from './two-factor-setup.tsx';

vi.mock('qrcode', () => ({ default: { toDataURL: vi.fn(async () => 'data:image/png;base64,AAAA') } }));

const setup: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Prata%20925:ana@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Prata%20925',
  recoveryCodes: ['AAAA1111', 'BBBB2222', 'CCCC3333', 'DDDD4444', 'EEEE5555', 'FFFF6666', 'GGGG7777', 'HHHH8888', 'JJJJ9999', 'KKKK0000'],
};

let view: Rendered;
let onVerify: ReturnType<typeof vi.fn<() => void>>;

function Harness() {
  const [code, setCode] = useState('');
  return <TwoFactorSetupPanel setup={setup} code={code} onCodeChange={setCode} onVerify={onVerify} onCancel={() => {}} verifying={false} />;
}

beforeEach(async () => {
  onVerify = vi.fn<() => void>();
  view = render(<Harness />);
  await flush(); // the QR code image
});
afterEach(() => {
  view.unmount();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const codeInput = () => inputByLabel(view.container, 'Código de verificação');
const verifyButton = () => [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Verificar e Ativar')!;

describe('TwoFactorSetupPanel', () => {
  it('shows the QR code (256 px), the secret and the 10 recovery codes', () => {
    const img = view.container.querySelector('img')!;
    expect(img.getAttribute('width')).toBe('256');
    expect(img.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(view.container.querySelector('[data-testid="two-factor-secret"]')!.textContent).toBe(setup.secret);
    expect(view.container.querySelectorAll('[data-testid="two-factor-recovery-codes"] li')).toHaveLength(10);
  });

  it('keeps digits only, at most 6, and enables verify only with 6 digits', () => {
    expect(verifyButton().disabled).toBe(true);
    type(codeInput(), '12a34');
    expect(codeInput().value).toBe('1234');
    expect(verifyButton().disabled).toBe(true);
    type(codeInput(), '12345678');
    expect(codeInput().value).toBe('123456');
    expect(verifyButton().disabled).toBe(false);
    act(() => verifyButton().click());
    expect(onVerify).toHaveBeenCalledTimes(1);
  });

  it("copies the secret and shows 'Copiado!' for 2 s", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    const copy = view.container.querySelector<HTMLButtonElement>('button[aria-label="Copiar chave secreta"]')!;
    await act(async () => copy.click());
    expect(writeText).toHaveBeenCalledWith(setup.secret);
    expect(copy.textContent).toBe('Copiado!');
    act(() => vi.advanceTimersByTime(COPY_INDICATOR_MS - 1));
    expect(copy.textContent).toBe('Copiado!');
    act(() => vi.advanceTimersByTime(1));
    expect(copy.textContent).toBe('Copiar');
  });

  it('says so when the clipboard refuses', async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    await act(async () => view.container.querySelector<HTMLButtonElement>('button[aria-label="Copiar chave secreta"]')!.click());
    expect(error).toHaveBeenCalledWith('Erro', { description: 'Não foi possível copiar para a área de transferência.' });
  });
});
