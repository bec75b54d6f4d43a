/**
 * "Contato da loja" card of the content tab: the store's phone, WhatsApp number,
 * e-mail, address line and opening hours (1 to 7 rows), shown by the storefront's footer and
 * contact page and used by its WhatsApp button and contact form. react-hook-form with the shared
 * `storeContactUpdateSchema` (Brazilian phone, WhatsApp mobile with area code, e-mail); the
 * service's field messages show under their fields. Success 'Contato salvo'; failure 'Erro ao
 * salvar' with the service's message; load failure 'Não foi possível carregar o contato da loja.'
 */
import { Plus, Trash2 } from 'lucide-react';
import { OPENING_HOURS_MAX_ROWS, storeContactUpdateSchema, type StoreContact, type StoreContactUpdate } from '@prata/contracts';
import { Alert, Button, Card, Input, Skeleton, toast } from '@prata/shared-ui';
import { Form, FormField, serverIssues, setServerErrors, useWatch, useZodForm, type FieldPath } from '@prata/shared-ui/form';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveStoreContact, useStoredContact } from '../api/store-contact.ts';
import styles from './content.module.css';

const LOAD_FAILURE = 'Não foi possível carregar o contato da loja.';

/** The form's values for stored details: the WhatsApp number shown without the country code. */
export function toStoreContactForm(contact: StoreContact): StoreContactUpdate {
  const local = contact.whatsappNumber.startsWith('55') ? contact.whatsappNumber.slice(2) : contact.whatsappNumber;
  return { ...contact, whatsappNumber: local, openingHours: contact.openingHours.map((row) => ({ ...row })) };
}

/** A 400's field path (`body.phone`, `body.openingHours.0.days`) -> the form's field. */
function contactField(path: string): FieldPath<StoreContactUpdate> | undefined {
  const field = path.replace(/^body\./, '');
  return /^(phone|whatsappNumber|email|address|openingHours)$|^openingHours\.\d+\.(days|hours)$/.test(field) ? (field as FieldPath<StoreContactUpdate>) : undefined;
}

/** The card: a skeleton while loading, the form once the stored details arrived. */
export function StoreContactForm() {
  const { data, isPending, isError } = useStoredContact();
  return (
    <Card title="Contato da loja" description="Telefone, WhatsApp, e-mail, endereço e horário de atendimento mostrados no rodapé e na página de contato." headingLevel={2} testId="store-contact">
      {isPending ? <Skeleton height={320} /> : isError ? <Alert variant="danger">{LOAD_FAILURE}</Alert> : <ContactFields contact={data} />}
    </Card>
  );
}

function ContactFields({ contact }: { contact: StoreContact }) {
  const save = useSaveStoreContact();
  const form = useZodForm(storeContactUpdateSchema, { defaultValues: toStoreContactForm(contact) });
  const hours = useWatch({ control: form.control, name: 'openingHours' }) ?? [];

  const submit = async (update: StoreContactUpdate) => {
    try {
      const saved = await save.mutateAsync(update);
      form.reset(toStoreContactForm(saved));
      toast.success('Contato salvo');
    } catch (error) {
      setServerErrors(form, serverIssues(error), contactField);
      toast.error('Erro ao salvar', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };
  const addRow = () => form.setValue('openingHours', [...hours, { days: '', hours: '' }], { shouldDirty: true });
  const removeRow = (index: number) =>
    form.setValue(
      'openingHours',
      hours.filter((_, row) => row !== index),
      { shouldDirty: true },
    );
  const hoursError = form.formState.errors.openingHours?.message ?? form.formState.errors.openingHours?.root?.message;

  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label="Contato da loja">
      <div className={styles.contactGrid}>
        <FormField control={form.control} name="phone" label="Telefone" hint="Com DDD, ex.: (11) 3333-4444" required>
          {(control) => <Input {...control} type="tel" autoComplete="off" maxLength={25} required />}
        </FormField>
        <FormField control={form.control} name="whatsappNumber" label="WhatsApp" hint="Celular com DDD, ex.: (11) 99999-9999" required>
          {(control) => <Input {...control} type="tel" autoComplete="off" maxLength={25} required />}
        </FormField>
        <FormField control={form.control} name="email" label="E-mail" required>
          {(control) => <Input {...control} type="email" autoComplete="off" maxLength={255} required />}
        </FormField>
        <FormField control={form.control} name="address" label="Cidade / endereço" required>
          {(control) => <Input {...control} maxLength={200} required />}
        </FormField>
      </div>
      <fieldset className={styles.hours}>
        <legend>Horário de atendimento</legend>
        {hours.map((_, index) => (
          <div key={index} className={styles.hoursRow}>
            <FormField control={form.control} name={`openingHours.${index}.days`} label={`Dias (linha ${index + 1})`}>
              {(control) => <Input {...control} maxLength={40} placeholder="Segunda a Sexta" />}
            </FormField>
            <FormField control={form.control} name={`openingHours.${index}.hours`} label={`Horário (linha ${index + 1})`}>
              {(control) => <Input {...control} maxLength={40} placeholder="9h às 18h" />}
            </FormField>
            <Button variant="ghost" size="sm" onClick={() => removeRow(index)} aria-label={`Remover linha ${index + 1} do horário`} disabled={hours.length <= 1}>
              <Trash2 size={16} aria-hidden="true" />
            </Button>
          </div>
        ))}
        {hoursError ? <Alert variant="danger">{hoursError}</Alert> : null}
        <Button variant="outline" size="sm" onClick={addRow} disabled={hours.length >= OPENING_HOURS_MAX_ROWS}>
          <Plus size={16} aria-hidden="true" /> Adicionar linha
        </Button>
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          Salvar contato
        </Button>
      </div>
    </Form>
  );
}
