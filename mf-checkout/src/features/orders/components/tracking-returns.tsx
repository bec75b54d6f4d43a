/**
 * 'Devolver ou trocar' on the order-tracking page (`/pedido/:token`, no sign-in), shown only while
 * the service says the order can be returned (`return-access`: the returns module's own rules).
 * It offers two ways in:
 * - 'Entrar na conta': sign-in, then back to the order's page in the account;
 * - 'Receber código por e-mail': the service e-mails a 6-digit code to the order's address (shown
 *   masked, `m***@exemplo.com`); the right code gives a 30-minute grant, kept in this component's
 *   memory only, with which the same return form as the account's sends the request.
 * Every rule (eligibility, tries, expiry, the order the grant covers) is the service's; this page
 * only shows its pt-BR answers.
 */
import { Suspense, lazy, useState } from 'react';
import { RETURN_CODE_LENGTH, returnCodeVerifySchema, type ReturnCodeVerify } from '@prata/contracts';
import { Alert, Button, Card, Input, SkeletonText, buttonClassName, formatDateTime } from '@prata/shared-ui';
import { Form, FormField, serverIssues, setServerErrors, useZodForm } from '@prata/shared-ui/form';
import { Link } from '@prata/shared-ui/router';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCreateGrantedReturn } from '../api/create-granted-return.ts';
import { useGrantedReturns } from '../api/get-granted-returns.ts';
import { useReturnAccess } from '../api/get-return-access.ts';
import { useSendReturnCode } from '../api/send-return-code.ts';
import { useVerifyReturnCode } from '../api/verify-return-code.ts';
import { ReturnRequestsList } from './order-returns.tsx';
import styles from './orders.module.css';

const ReturnForm = lazy(() => import('./return-form.tsx'));

/** The service's pt-BR message of a refusal, or a generic one. */
const messageOf = (cause: unknown, fallback: string) => (cause instanceof ApiRequestError ? cause.message : fallback);

/** The code form: 6 digits, checked as the service checks them; `onGranted` gets the grant. */
function CodeForm({ token, maskedEmail, onGranted, onResend, resending }: { token: string; maskedEmail: string; onGranted: (grant: string) => void; onResend: () => void; resending: boolean }) {
  const form = useZodForm(returnCodeVerifySchema, { defaultValues: { code: '' } });
  const verify = useVerifyReturnCode(token);
  const problem = form.formState.errors.root?.server?.message;
  const submit = (input: ReturnCodeVerify) =>
    verify.mutate(input, {
      onSuccess: ({ grant }) => onGranted(grant),
      onError: (cause) => {
        if (setServerErrors(form, serverIssues(cause), (path) => (path === 'code' ? path : undefined)) === 0) {
          form.setError('root.server', { message: messageOf(cause, 'Não foi possível conferir o código. Tente novamente.') });
        }
      },
    });
  return (
    <Form form={form} onSubmit={submit} aria-label="Confirmar código">
      <p className={styles.muted} data-testid="return-code-sent">
        Enviamos um código de {RETURN_CODE_LENGTH} números para {maskedEmail}. Ele vale por 10 minutos.
      </p>
      {problem ? (
        <Alert variant="warning" data-testid="return-code-problem">
          {problem}
        </Alert>
      ) : null}
      <FormField control={form.control} name="code" label="Código">
        {(control) => <Input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={RETURN_CODE_LENGTH} />}
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? 'Conferindo...' : 'Confirmar código'}
        </Button>
        <Button type="button" variant="outline" onClick={onResend} disabled={resending}>
          Reenviar código
        </Button>
      </div>
    </Form>
  );
}

/** With a grant: the order's requests and the return form, sent with the grant. */
function GrantedReturns({ token, grant }: { token: string; grant: string }) {
  const returns = useGrantedReturns(token, grant);
  const create = useCreateGrantedReturn(token, grant);
  const [done, setDone] = useState(false);
  if (returns.isError) return <Alert variant="warning">{messageOf(returns.error, 'Não foi possível carregar as devoluções do pedido.')}</Alert>;
  if (!returns.data) return <SkeletonText lines={3} />;
  const { withdrawalUntil, open, requests } = returns.data;
  return (
    <>
      {withdrawalUntil ? <p className={styles.muted}>Direito de arrependimento (7 dias): até {formatDateTime(withdrawalUntil)}. Depois disso, a loja analisa cada pedido.</p> : null}
      <ReturnRequestsList requests={requests} />
      {open && !done ? (
        <Suspense fallback={<SkeletonText lines={3} />}>
          <ReturnForm returns={returns.data} create={create} onDone={() => setDone(true)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The tracking page's returns card; nothing while the order cannot be returned. `accountPath`: the order's page in the account. */
export function TrackingReturns({ token, accountPath }: { token: string; accountPath: string }) {
  const access = useReturnAccess(token);
  const send = useSendReturnCode(token);
  const [choosing, setChoosing] = useState(false);
  const [grant, setGrant] = useState<string | null>(null);
  if (!access.data?.open && !grant) return null;

  const sendCode = () => send.mutate();
  let content;
  if (grant) content = <GrantedReturns token={token} grant={grant} />;
  else if (send.data) content = <CodeForm token={token} maskedEmail={send.data.maskedEmail} onGranted={setGrant} onResend={sendCode} resending={send.isPending} />;
  else if (choosing)
    content = (
      <>
        <p className={styles.muted}>Para pedir a devolução ou troca, entre na sua conta ou receba um código no e-mail do pedido ({access.data?.maskedEmail}).</p>
        <div className={styles.actions}>
          <Link to="/auth" state={{ from: accountPath }} className={buttonClassName()}>
            Entrar na conta
          </Link>
          <Button variant="outline" onClick={sendCode} disabled={send.isPending}>
            {send.isPending ? 'Enviando...' : 'Receber código por e-mail'}
          </Button>
        </div>
      </>
    );
  else
    content = (
      <div className={styles.actions}>
        <Button onClick={() => setChoosing(true)}>Devolver ou trocar</Button>
      </div>
    );

  return (
    <Card title="Devolução ou troca" className={styles.card} testId="tracking-returns">
      {send.isError && !grant ? (
        <Alert variant="warning" data-testid="return-code-problem">
          {messageOf(send.error, 'Não foi possível enviar o código. Tente novamente.')}
        </Alert>
      ) : null}
      {content}
    </Card>
  );
}
