/**
 * 'E-mails com falha': the e-mails whose every delivery attempt failed (recipient,
 * subject, the transport's last error, attempts, when it failed), newest first, each with
 * 'Reenviar', which sends it again as a new message (the service audits it). Empty: a short
 * note that every e-mail was delivered.
 */
import { MailWarning } from 'lucide-react';
import { Alert, Button, Card, EmptyState, Skeleton, Table, formatDateTime } from '@prata/shared-ui';
import { useFailedEmails } from '../api/get-failed-emails.ts';
import { useResendFailedEmail } from '../api/resend-failed-email.ts';

export function FailedEmailsCard() {
  const { data, isPending, isError } = useFailedEmails();
  const resend = useResendFailedEmail();
  const rows = data?.rows ?? [];
  return (
    <Card
      title="E-mails com falha"
      description="Mensagens que não foram entregues depois de todas as tentativas (confirmação de cadastro, recuperação de senha, pedidos)."
      icon={<MailWarning size={20} aria-hidden="true" />}
      testId="failed-emails"
    >
      {isPending ? (
        <Skeleton height={80} />
      ) : isError ? (
        <Alert variant="danger">Não foi possível carregar os e-mails com falha.</Alert>
      ) : rows.length === 0 ? (
        <EmptyState compact headingLevel={3} title="Nenhum e-mail com falha" description="Todos os e-mails enviados foram entregues ou ainda estão sendo tentados." />
      ) : (
        <Table variant="compact" caption={data!.total > rows.length ? `${rows.length} de ${data!.total} e-mails com falha (os mais recentes)` : `${rows.length} e-mails com falha`}>
          <thead>
            <tr>
              <th scope="col">Destinatário</th>
              <th scope="col">Assunto</th>
              <th scope="col">Erro</th>
              <th scope="col">Tentativas</th>
              <th scope="col">Falhou em</th>
              <th scope="col">
                <span className="p9-visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.to}</td>
                <td>{row.subject}</td>
                <td>{row.error ?? 'Erro desconhecido'}</td>
                <td>{row.attempts}</td>
                <td>
                  <time dateTime={row.failedAt}>{formatDateTime(row.failedAt)}</time>
                </td>
                <td>
                  <Button
                    variant="outline"
                    size="sm"
                    loading={resend.isPending && resend.variables === row.id}
                    disabled={resend.isPending}
                    aria-label={`Reenviar e-mail para ${row.to}`}
                    onClick={() => resend.mutate(row.id)}
                  >
                    Reenviar
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
