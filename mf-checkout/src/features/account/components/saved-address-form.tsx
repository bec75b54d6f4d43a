/**
 * The add / edit form of a saved address: label, CEP (masked `00000-000`), street,
 * number, complement, neighbourhood, city and UF (the 27 codes), validated with the shared
 * `savedAddressInputSchema` through `@prata/shared-ui/form`; the service's 400 issues land on
 * their fields, its 409 (10 addresses already) shows above the buttons. The CEP fills the street,
 * neighbourhood, city and UF (lib/cep-lookup.ts); they stay editable.
 */
import { BRAZILIAN_STATES, BRAZILIAN_STATE_NAMES, maskCep, savedAddressInputSchema, type SavedAddress, type SavedAddressInput } from '@prata/contracts';
import { Alert, Button, Input, Select } from '@prata/shared-ui';
import { Form, FormCheckbox, FormField, bodyField, serverIssues, setServerErrors, useWatch, useZodForm } from '@prata/shared-ui/form';
import { useCepAutofill } from '../../../lib/cep-lookup.ts';
import { useCreateSavedAddress, useUpdateSavedAddress } from '../../../lib/saved-addresses.ts';
import { failure } from '../utils/api-failure.ts';
import styles from './account.module.css';

const STATE_OPTIONS = BRAZILIAN_STATES.map((state) => ({ value: state, label: `${state} - ${BRAZILIAN_STATE_NAMES[state]}` }));
const FIELDS = ['label', 'zipCode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;
const TEXT_FIELDS: { name: Exclude<(typeof FIELDS)[number], 'state'>; label: string; autoComplete?: string; hint?: string }[] = [
  { name: 'label', label: 'Nome do endereço', hint: 'Ex.: Casa, Trabalho' },
  { name: 'zipCode', label: 'CEP', autoComplete: 'postal-code' },
  { name: 'street', label: 'Endereço', autoComplete: 'address-line1' },
  { name: 'number', label: 'Número' },
  { name: 'complement', label: 'Complemento', autoComplete: 'address-line2', hint: 'Opcional' },
  { name: 'neighborhood', label: 'Bairro', autoComplete: 'address-level3' },
  { name: 'city', label: 'Cidade', autoComplete: 'address-level2' },
];

/** The form's values for `address` (empty for a new one). */
function valuesOf(address: SavedAddress | null): SavedAddressInput {
  return {
    label: address?.label ?? '',
    zipCode: address?.zipCode ?? '',
    street: address?.street ?? '',
    number: address?.number ?? '',
    complement: address?.complement ?? '',
    neighborhood: address?.neighborhood ?? '',
    city: address?.city ?? '',
    state: (address?.state ?? '') as SavedAddressInput['state'],
    isDefault: address?.isDefault ?? false,
  };
}

export interface SavedAddressFormProps {
  /** The address to edit, or null to add one. */
  address: SavedAddress | null;
  onCancel: () => void;
  onSaved: (address: SavedAddress) => void;
}

/** Adds or edits one saved address. */
export function SavedAddressForm({ address, onCancel, onSaved }: SavedAddressFormProps) {
  const form = useZodForm(savedAddressInputSchema, { defaultValues: valuesOf(address) });
  const creating = useCreateSavedAddress();
  const updating = useUpdateSavedAddress();
  const pending = creating.isPending || updating.isPending;
  const zipCode = useWatch({ control: form.control, name: 'zipCode' });
  // An address being edited keeps its fields until its CEP is changed.
  const cepStatus = useCepAutofill(address && zipCode === address.zipCode ? '' : zipCode, (found) => {
    const known = (['street', 'neighborhood', 'city', 'state'] as const).filter((field) => found[field]);
    for (const field of known) form.setValue(field, found[field], { shouldDirty: true });
    form.clearErrors([...known]);
  });

  const save = (input: SavedAddressInput) => {
    const handlers = {
      onSuccess: onSaved,
      onError: (cause: unknown) => {
        if (setServerErrors(form, serverIssues(cause), bodyField([...FIELDS])) === 0) form.setError('root.server', { type: 'server', message: failure(cause, 'Não foi possível salvar o endereço.') });
      },
    };
    if (address) updating.mutate({ id: address.id, changes: input }, handlers);
    else creating.mutate(input, handlers);
  };

  return (
    <Form form={form} onSubmit={save} className={styles.form} aria-label={address ? 'Editar endereço' : 'Novo endereço'}>
      <div className={styles.grid}>
        {TEXT_FIELDS.map((field) => (
          <FormField
            key={field.name}
            control={form.control}
            name={field.name}
            id={`address-${field.name}`}
            label={field.label}
            hint={field.name === 'zipCode' && cepStatus ? <span role="status">{cepStatus.message}</span> : field.hint}
            format={field.name === 'zipCode' ? maskCep : undefined}
          >
            {(control) => <Input {...control} autoComplete={field.autoComplete} inputMode={field.name === 'zipCode' ? 'numeric' : undefined} placeholder={field.name === 'zipCode' ? '00000-000' : undefined} />}
          </FormField>
        ))}
        <FormField control={form.control} name="state" id="address-state" label="Estado">
          {(control) => <Select {...control} options={STATE_OPTIONS} placeholder="Selecione" autoComplete="address-level1" />}
        </FormField>
      </div>
      <FormCheckbox control={form.control} name="isDefault" id="address-isDefault" label="Usar como endereço padrão" />
      {form.formState.errors.root?.server ? <Alert variant="danger">{form.formState.errors.root.server.message}</Alert> : null}
      <div className={styles.actions}>
        <Button variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Salvando...' : 'Salvar endereço'}
        </Button>
      </div>
    </Form>
  );
}
