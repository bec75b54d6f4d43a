/**
 * "Seus dados" on the shopper's account page (LGPD art. 18): the
 * shopper downloads everything the store keeps about them as a JSON file, and deletes their own
 * account after typing their password. After the deletion the session ends and the shopper goes
 * back to the home page; the service's own message (orders kept without identification) is shown.
 * The password form is account-deletion-form.tsx, loaded when the dialog opens.
 */
import { Suspense, lazy, useState } from 'react';
import { useNavigate } from '@prata/shared-ui/router';
import { Button, Card, Dialog, SkeletonText, signOut, toast } from '@prata/shared-ui';
import { useExportPersonalData } from '../api/export-personal-data.ts';
import { failure } from '../utils/api-failure.ts';
import styles from './account.module.css';

/** The dialog's password form, fetched when the dialog first opens (it brings the form library). */
const AccountDeletionForm = lazy(() => import('./account-deletion-form.tsx'));

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


/** The 'Seus dados' card: export the shopper's data, or delete the account after the password. */
export function AccountPrivacy() {
  const navigate = useNavigate();
  const exporting = useExportPersonalData();
  const [open, setOpen] = useState(false);

  const exportData = () =>
    exporting.mutate(undefined, {
      onSuccess: (data) => {
        download(exportFileName(new Date()), data);
        toast.success('Dados exportados', { description: 'O arquivo com os seus dados foi baixado.' });
      },
      onError: (cause) => toast.error('Erro', { description: failure(cause, 'Não foi possível exportar os seus dados.') }),
    });

  const close = () => setOpen(false);

  const deleted = async (message: string) => {
    close();
    await signOut().catch(() => undefined);
    toast.success('Conta excluída', { description: message });
    void navigate('/');
  };

  return (
    <Card title="Seus dados" className={styles.card} testId="account-privacy" id="seus-dados">
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
        {open ? (
          <Suspense fallback={<SkeletonText lines={2} />}>
            <AccountDeletionForm onCancel={close} onDeleted={deleted} />
          </Suspense>
        ) : null}
      </Dialog>
    </Card>
  );
}
