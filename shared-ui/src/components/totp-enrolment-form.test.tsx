/**
 * The sign-in's enrolment step: the shared steps show the QR code, the secret and the recovery
 * codes; 'Verificar e Ativar' waits for 6 digits and sends the parsed code.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TwoFactorSetup } from '@prata/contracts/auth';
import { flush, inputByLabel, render, type, type Rendered } from '../testing/render.tsx';
import TotpEnrolmentForm from './totp-enrolment-form.tsx';

vi.mock('qrcode', () => ({ default: { toDataURL: vi.fn(async () => 'data:image/png;base64,AAAA') } }));

const setup: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Prata%20925:ana@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Prata%20925',
  recoveryCodes: ['AAAA1111', 'BBBB2222', 'CCCC3333', 'DDDD4444', 'EEEE5555', 'FFFF6666', 'GGGG7777', 'HHHH8888', 'JJJJ9999', 'KKKK0000'],
};

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const verifyButton = () => [...view!.container.querySelectorAll('button')].find((b) => b.textContent === 'Verificar e Ativar')!;

describe('TotpEnrolmentForm', () => {
  it('shows the QR code, the secret and the 10 recovery codes under their test ids', async () => {
    view = render(<TotpEnrolmentForm setup={setup} busy={false} onSubmit={() => {}} onCancel={() => {}} />);
    await flush();
    expect(view.container.querySelector('img')!.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(view.container.querySelector('[data-testid="totp-enrolment-secret"]')!.textContent).toBe(setup.secret);
    expect(view.container.querySelectorAll('[data-testid="totp-enrolment-recovery-codes"] li')).toHaveLength(10);
    expect(view.container.querySelector('form')!.getAttribute('aria-label')).toBe('Confirmar ativação do 2FA');
  });

  it('enables verify only with 6 digits and submits the code', async () => {
    const onSubmit = vi.fn();
    view = render(<TotpEnrolmentForm setup={setup} busy={false} onSubmit={onSubmit} onCancel={() => {}} />);
    await flush();
    const code = inputByLabel(view.container, 'Código de verificação');
    type(code, '12345');
    expect(verifyButton().disabled).toBe(true);
    type(code, '1234567');
    expect(code.value).toBe('123456');
    expect(verifyButton().disabled).toBe(false);
    act(() => verifyButton().click());
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('shows a skeleton until the setup arrives', () => {
    view = render(<TotpEnrolmentForm setup={null} busy={false} onSubmit={() => {}} onCancel={() => {}} />);
    expect(view.container.querySelector('[data-testid="totp-enrolment-secret"]')).toBeNull();
    expect(view.container.querySelector('form')).toBeNull();
  });
});
