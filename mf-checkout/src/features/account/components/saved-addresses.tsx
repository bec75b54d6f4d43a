/**
 * 'Endereços' on `/minha-conta`: the shopper's saved addresses (the default first,
 * marked 'Padrão'), each with 'Editar', 'Tornar padrão' and 'Remover'; 'Adicionar endereço'
 * opens the form in a dialog, hidden at MAX_SAVED_ADDRESSES (10) with a note. The checkout offers
 * these addresses to fill its fields.
 */
import { useState } from 'react';
import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@prata/contracts';
import { Badge, Button, Dialog, EmptyState, SkeletonText, toast } from '@prata/shared-ui';
import { addressLine, useDeleteSavedAddress, useSavedAddresses, useUpdateSavedAddress } from '../../../lib/saved-addresses.ts';
import { failure } from '../utils/api-failure.ts';
import { SavedAddressForm } from './saved-address-form.tsx';
import styles from './account.module.css';

/** What the dialog edits: nothing (closed), a new address, or one of the list. */
type Editing = { address: SavedAddress | null } | null;

/** The list of saved addresses and its dialog. */
export function SavedAddresses() {
  const addresses = useSavedAddresses();
  const updating = useUpdateSavedAddress();
  const deleting = useDeleteSavedAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const list = addresses.data ?? [];
  const close = () => setEditing(null);
  const fail = (fallback: string) => (cause: unknown) => toast.error('Erro', { description: failure(cause, fallback) });

  if (addresses.isPending) return <SkeletonText lines={3} label="Carregando endereços..." />;
  if (addresses.isError) return <p className={styles.muted}>Não foi possível carregar os endereços.</p>;

  return (
    <div className={styles.form}>
      {list.length === 0 ? (
        <EmptyState compact headingLevel={3} title="Nenhum endereço salvo" description="Salve um endereço para preenchê-lo no checkout com um clique." />
      ) : (
        <ul className={styles.addressList} aria-label="Endereços salvos">
          {list.map((address) => (
            <li key={address.id} className={styles.address} data-testid="saved-address">
              <p>
                <strong>{address.label}</strong> {address.isDefault ? <Badge variant="neutral">Padrão</Badge> : null}
              </p>
              <p className={styles.muted}>{addressLine(address)}</p>
              <div className={styles.actions}>
                <Button variant="outline" size="sm" onClick={() => setEditing({ address })}>
                  Editar
                </Button>
                {address.isDefault ? null : (
                  <Button variant="outline" size="sm" disabled={updating.isPending} onClick={() => updating.mutate({ id: address.id, changes: { isDefault: true } }, { onError: fail('Não foi possível marcar o endereço como padrão.') })}>
                    Tornar padrão
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={deleting.isPending}
                  onClick={() => deleting.mutate(address.id, { onSuccess: () => toast.success('Endereço removido'), onError: fail('Não foi possível remover o endereço.') })}
                >
                  Remover
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.length < MAX_SAVED_ADDRESSES ? (
        <div className={styles.actions}>
          <Button onClick={() => setEditing({ address: null })}>Adicionar endereço</Button>
        </div>
      ) : (
        <p className={styles.muted}>Você já tem {MAX_SAVED_ADDRESSES} endereços salvos. Remova um para adicionar outro.</p>
      )}
      <Dialog open={editing !== null} onClose={close} title={editing?.address ? 'Editar endereço' : 'Novo endereço'}>
        {editing ? (
          <SavedAddressForm
            address={editing.address}
            onCancel={close}
            onSaved={() => {
              close();
              toast.success('Endereço salvo');
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}
