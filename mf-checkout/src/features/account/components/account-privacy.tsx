/**
 * "Seus dados" on the shopper's account page (LGPD art. 18; issue 21 / review finding 8): the
 * shopper downloads everything the store keeps about them as a JSON file, and deletes their own
 * account after typing their password. After the deletion the session ends and the shopper goes
 * back to the home page; the service's own message (orders kept without identification) is shown.
 */
import { useState, type FormEvent } from 'react';
import { deleteOwnAccountSchema } from '@prata/contracts';
import { useNavigate } from '@prata/shared-ui/router';
import { ApiRequestError, Button, Card, Dialog, Field, PasswordInput, signOut, toast } from '@prata/shared-ui';
import { useDeleteOwnAccount } from '../api/delete-own-account.ts';
import { useExportPersonalData } from '../api/export-personal-data.ts';
import styles from './account.module.css';

/** The file name of the export (the date of the download, e.g. `prata925-meus-dados-2026-11-25.json`). */
export function exportFileName(at: Date): string {
  return `prata925-meus-dados-${at.toISOString().slice(0, 10)}.json`;
}

function download(fileName: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const failure = (error: unknown, fallback: string) => (error instanceof ApiRequestError && error.status > 0 && error.status < 500 ? error.message : fallback);

export function AccountPrivacy() {
  const navigate = useNavigate();
  const exporting = useExportPersonalData();
  const deleting = useDeleteOwnAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const exportData = () =>
    exporting.mutate(undefined, {
      onSuccess: (data) => {
        download(exportFileName(new Date()), data);
        toast.success('Dados exportados', { description: 'O arquivo com os seus dados foi baixado.' });
      },
      onError: (cause) => toast.error('Erro', { description: failure(cause, 'Não foi possível exportar os seus dados.') }),
    });

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const confirmDeletion = (event: FormEvent) => {
    event.preventDefault();
    const parsed = deleteOwnAccountSchema.safeParse({ currentPassword: password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    deleting.mutate(parsed.data.currentPassword, {
      onSuccess: async ({ message }) => {
        close();
        await signOut().catch(() => undefined);
        toast.success('Conta excluída', { description: message });
        void navigate('/');
      },
      onError: (cause) => setError(failure(cause, 'Não foi possível excluir a conta. Tente novamente.')),
    });
  };

  return (
    <Card title="Seus dados" className={styles.card} testId="account-privacy">
      <p>Você pode baixar uma cópia dos dados pessoais que a loja guarda sobre você ou excluir a sua conta (LGPD).</p>
      <div className={styles.actions}>
        <Button variant="outline" onClick={exportData} disabled={exporting.isPending}>
          {exporting.isPending ? 'Exportando...' : 'Baixar meus dados'}
        </Button>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Excluir minha conta
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={close}
        title="Excluir sua conta?"
        description="Seus dados pessoais serão apagados e você sairá da loja. Os pedidos ficam guardados sem identificação, como a lei fiscal exige. Esta ação não pode ser desfeita."
      >
        <form className={styles.form} onSubmit={confirmDeletion} noValidate aria-label="Confirmar exclusão da conta">
          <Field label="Senha atual" error={error}>
            {(control) => <PasswordInput {...control} name="currentPassword" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
          </Field>
          <div className={styles.actions}>
            <Button variant="outline" onClick={close}>
              Voltar
            </Button>
            <Button type="submit" variant="danger" disabled={deleting.isPending}>
              {deleting.isPending ? 'Excluindo...' : 'Excluir conta'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
