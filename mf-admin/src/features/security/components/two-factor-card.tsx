/**
 * Two-factor authentication (admin.md 2, 4, 5, 8, 9). Disabled: 'Ativar 2FA' starts a setup on
 * the service (secret, QR code, 10 recovery codes), confirmed with a 6-digit code; on success
 * '2FA Ativado' and the secret and recovery codes are dropped from the client. Enabled: turning
 * the switch off asks for confirmation in a dialog with the current password and an
 * authenticator (or recovery) code, which the service checks, then '2FA Desativado'.
 * Turning 2FA on or off signs out the account's other sessions.
 *
 * The setup's password and the disable dialog's password and code are react-hook-form forms
 * validated by the shared schemas (`twoFactorSetupRequestSchema`, `twoFactorDisableSchema`): a
 * missing field is said once, as the toast 'Campos obrigatórios', not under the fields; a
 * malformed code keeps its message under its field.
 */
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { twoFactorDisableSchema, twoFactorSetupRequestSchema, type TwoFactorSetup } from '@prata/contracts';
import { Alert, Button, Card, Dialog, Input, PasswordInput, SkeletonText, Switch, toast } from '@prata/shared-ui';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { errorCode, errorMessage } from '../../../lib/api-client.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';
import { useSecurityStatus } from '../api/get-security-status.ts';
import { useSetupTwoFactor } from '../api/setup-two-factor.ts';
import { isCompleteTwoFactorCode } from '../utils/two-factor-code.ts';
import { LOAD_FAILURE } from './security-status-card.tsx';
import { TwoFactorSetupPanel } from './two-factor-setup.tsx';
import styles from './security.module.css';

const SETUP_EXPIRED = 'Sessão expirada. Tente configurar o 2FA novamente.';

/** The setup's form: the current password only (the code is for replacing an authenticator). */
const setupPasswordSchema = twoFactorSetupRequestSchema.pick({ currentPassword: true });
const EMPTY_SETUP = { currentPassword: '' };
const EMPTY_DISABLE = { currentPassword: '', code: '' };

export function TwoFactorCard() {
  const status = useSecurityStatus();
  const start = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const setupForm = useZodForm(setupPasswordSchema, { defaultValues: EMPTY_SETUP });
  const disableForm = useZodForm(twoFactorDisableSchema, { defaultValues: EMPTY_DISABLE });
  const switchLabel = useId();

  const closeConfirmation = () => {
    setConfirming(false);
    disableForm.reset(EMPTY_DISABLE);
  };

  const forgetSetup = () => {
    setSetup(null);
    setCode('');
    start.reset();
  };

  // Setting up 2FA asks for the current password: a stolen session alone cannot do it.
  const begin = ({ currentPassword }: { currentPassword: string }) => {
    start.mutate(
      { currentPassword },
      {
        onSuccess: (data) => {
          setSetup(data);
          setCode('');
          setupForm.reset(EMPTY_SETUP);
        },
        onError: (error) => {
          if (errorCode(error) === 'wrong_password') toast.error('Senha atual incorreta', { description: 'Verifique a senha e tente novamente.' });
          else toast.error('Erro', { description: errorMessage(error, 'Não foi possível iniciar a configuração do 2FA. Tente novamente.') });
        },
      },
    );
  };

  const verify = () => {
    if (!isCompleteTwoFactorCode(code)) {
      toast.error('Código Inválido', { description: 'Por favor, insira um código de 6 dígitos.' });
      return;
    }
    if (!setup) {
      toast.error('Erro', { description: SETUP_EXPIRED });
      return;
    }
    enable.mutate(code, {
      onSuccess: () => {
        forgetSetup();
        toast.success('2FA Ativado', { description: 'A autenticação de dois fatores está ativa na sua conta.' });
      },
      onError: (error) => {
        const reason = errorCode(error);
        if (reason === 'invalid_code') {
          toast.error('Erro', { description: 'Código de verificação inválido. Verifique o relógio do seu dispositivo.' });
          setCode('');
        } else if (reason === 'setup_expired') {
          toast.error('Erro', { description: SETUP_EXPIRED });
          forgetSetup();
        } else {
          toast.error('Erro', { description: 'Falha ao ativar 2FA' });
        }
      },
    });
  };

  const setupMissing = () => {
    if (setupForm.getValues('currentPassword')) return;
    setupForm.clearErrors();
    toast.error('Campos obrigatórios', { description: 'Informe a senha atual para ativar o 2FA.' });
  };

  const turnOff = (input: { currentPassword: string; code: string }) => {
    disable.mutate(
      input,
      {
        onSuccess: () => {
          closeConfirmation();
          toast.success('2FA Desativado', { description: 'A autenticação de dois fatores foi desativada.' });
        },
        onError: (error) => {
          const reason = errorCode(error);
          if (reason === 'wrong_password') toast.error('Senha atual incorreta', { description: 'Verifique a senha e tente novamente.' });
          else if (reason === 'invalid_code' || reason === 'validation') toast.error('Erro', { description: errorMessage(error, 'Código de verificação inválido.') });
          else {
            closeConfirmation();
            toast.error('Erro', { description: 'Não foi possível desativar a autenticação de dois fatores.' });
          }
        },
      },
    );
  };

  // Only a missing field is 'Campos obrigatórios'; a malformed code keeps its message under the field.
  const disableInvalid = () => {
    const { currentPassword, code: offCode } = disableForm.getValues();
    if (currentPassword && offCode.trim()) return;
    disableForm.clearErrors();
    toast.error('Campos obrigatórios', { description: 'Informe a senha atual e o código de verificação.' });
  };

  const enabled = status.data?.twoFactorEnabled ?? false;
  const toggle = () => {
    if (enabled) setConfirming(true);
    else if (setup) forgetSetup();
    else void setupForm.handleSubmit(begin, setupMissing)();
  };

  return (
    <Card
      title="Autenticação de Dois Fatores (2FA)"
      description="Proteja sua conta exigindo um código do aplicativo autenticador a cada login."
      icon={<KeyRound size={20} aria-hidden="true" />}
      testId="two-factor"
    >
      {status.isPending ? (
        <SkeletonText lines={3} label="Carregando configurações de segurança..." />
      ) : status.isError ? (
        <Alert variant="danger" className={styles.error}>{LOAD_FAILURE}</Alert>
      ) : (
        <>
          <div className={styles.toggleRow}>
            <span>
              <span id={switchLabel}>Autenticação de dois fatores</span>
              <span className={styles.state}>{enabled ? 'Ativada' : setup ? 'Configuração em andamento' : 'Desativada'}</span>
            </span>
            <Switch
              checked={enabled}
              onCheckedChange={toggle}
              aria-labelledby={switchLabel}
              disabled={start.isPending || enable.isPending || disable.isPending}
            />
          </div>
          {!enabled && !setup ? (
            <Form form={setupForm} onSubmit={begin} onInvalid={setupMissing} className={styles.disableForm} aria-label="Ativar 2FA">
              <FormField control={setupForm.control} name="currentPassword" label="Senha atual" hint="Confirme sua senha para configurar o aplicativo autenticador">
                {(control) => <PasswordInput {...control} autoComplete="current-password" />}
              </FormField>
              <Button type="submit" disabled={start.isPending}>
                {start.isPending ? 'Gerando...' : 'Ativar 2FA'}
              </Button>
            </Form>
          ) : null}
          {!enabled && setup ? (
            <TwoFactorSetupPanel setup={setup} code={code} onCodeChange={setCode} onVerify={verify} onCancel={forgetSetup} verifying={enable.isPending} />
          ) : null}
          {enabled ? <p className={styles.ok}>Sua conta está protegida. Um código será pedido a cada login.</p> : null}
        </>
      )}
      <Dialog
        open={confirming}
        onClose={closeConfirmation}
        title="Desativar 2FA?"
        description="Tem certeza que deseja desativar a autenticação de dois fatores? Sua conta ficará menos protegida. Confirme com a senha atual e um código do aplicativo autenticador (ou de recuperação)."
      >
        <Form form={disableForm} onSubmit={turnOff} onInvalid={disableInvalid} className={styles.disableForm} aria-label="Desativar 2FA">
          <FormField control={disableForm.control} name="currentPassword" label="Senha atual">
            {(control) => <PasswordInput {...control} autoComplete="current-password" />}
          </FormField>
          <FormField control={disableForm.control} name="code" label="Código de verificação" hint="6 dígitos do aplicativo, ou um código de recuperação">
            {(control) => <Input {...control} autoComplete="one-time-code" />}
          </FormField>
          <div className={styles.buttons}>
            <Button variant="outline" onClick={closeConfirmation} disabled={disable.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={disable.isPending}>
              {disable.isPending ? 'Desativando...' : 'Desativar 2FA'}
            </Button>
          </div>
        </Form>
      </Dialog>
    </Card>
  );
}
