/**
 * Session information (admin.md 2, 3, 8): two-factor state, last sign-in (pt-BR) and failed
 * sign-in attempts, with a warning when there were any and a stronger hint to change the password
 * at 3 or more. Load failure: 'Não foi possível carregar as configurações de segurança.'.
 */
import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Alert, Badge, Card, SkeletonText, formatDateTime } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { useSecurityStatus } from '../api/get-security-status.ts';
import styles from './security.module.css';

export const LOAD_FAILURE = 'Não foi possível carregar as configurações de segurança.';
/** From this many failed attempts on, the card recommends changing the password. */
export const CHANGE_PASSWORD_ATTEMPTS = 3;

export function SecurityStatusCard() {
  const { data, isPending, isError } = useSecurityStatus();

  useEffect(() => {
    if (isError) toast.error('Erro', { description: LOAD_FAILURE });
  }, [isError]);

  return (
    <Card title="Informações da Sessão" description="Resumo da segurança da sua conta." icon={<ShieldCheck size={20} aria-hidden="true" />} testId="security-status">
      {isPending ? (
        <SkeletonText lines={3} label="Carregando configurações de segurança..." />
      ) : isError ? (
        <Alert variant="danger" className={styles.error}>{LOAD_FAILURE}</Alert>
      ) : (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>Autenticação de dois fatores</dt>
              <dd>{data.twoFactorEnabled ? <Badge variant="success">Ativada</Badge> : <Badge>Desativada</Badge>}</dd>
            </div>
            <div>
              <dt>Último login</dt>
              <dd>{data.lastLoginAt ? <time dateTime={data.lastLoginAt}>{formatDateTime(data.lastLoginAt)}</time> : 'Nenhum login registrado'}</dd>
            </div>
            <div>
              <dt>Tentativas de login malsucedidas</dt>
              <dd>{data.loginAttempts}</dd>
            </div>
          </dl>
          {data.loginAttempts > 0 ? (
            <Alert className={styles.attempts} variant={data.loginAttempts >= CHANGE_PASSWORD_ATTEMPTS ? 'danger' : 'warning'} role="status">
              <p>
                {data.loginAttempts === 1
                  ? 'Houve 1 tentativa de login malsucedida na sua conta.'
                  : `Houve ${data.loginAttempts} tentativas de login malsucedidas na sua conta.`}
              </p>
              {data.loginAttempts >= CHANGE_PASSWORD_ATTEMPTS ? (
                <p>
                  <strong>Recomendamos alterar sua senha imediatamente</strong> e ativar a autenticação de dois fatores.
                </p>
              ) : (
                <p>Se não foi você, considere alterar sua senha.</p>
              )}
            </Alert>
          ) : null}
        </>
      )}
    </Card>
  );
}
