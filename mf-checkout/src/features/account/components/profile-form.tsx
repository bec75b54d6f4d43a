/**
 * 'Perfil' on `/minha-conta`: the shopper's name and Brazilian phone, validated with
 * the shared `updateProfileSchema` (react-hook-form through `@prata/shared-ui/form`); the phone is
 * shown masked '(11) 98765-4321' and stored as digits; an empty phone removes it. The service's
 * 400 issues land on their fields; other failures toast.
 */
import { formatBrazilianPhone, updateProfileSchema, type Profile } from '@prata/contracts';
import { Button, Input, toast } from '@prata/shared-ui';
import { Form, FormField, bodyField, serverIssues, setServerErrors, useZodForm } from '@prata/shared-ui/form';
import { useUpdateProfile } from '../api/update-profile.ts';
import { failure } from '../utils/api-failure.ts';
import styles from './account.module.css';

/** The profile form, filled with `profile`. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const form = useZodForm(updateProfileSchema, { defaultValues: { fullName: profile.fullName, phone: profile.phone ? formatBrazilianPhone(profile.phone) : '' } });
  const saving = useUpdateProfile();

  const save = (input: { fullName: string; phone?: string | null }) =>
    saving.mutate(input, {
      onSuccess: (saved) => {
        form.reset({ fullName: saved.fullName, phone: saved.phone ? formatBrazilianPhone(saved.phone) : '' });
        toast.success('Perfil atualizado', { description: 'Seus dados foram salvos.' });
      },
      onError: (cause) => {
        if (setServerErrors(form, serverIssues(cause), bodyField(['fullName', 'phone'])) === 0) toast.error('Erro', { description: failure(cause, 'Não foi possível salvar o perfil.') });
      },
    });

  return (
    <Form form={form} onSubmit={save} className={styles.form} aria-label="Perfil">
      <FormField control={form.control} name="fullName" label="Nome completo">
        {(control) => <Input {...control} autoComplete="name" />}
      </FormField>
      <FormField control={form.control} name="phone" label="Telefone" hint="Com DDD, ex.: (11) 98765-4321">
        {(control) => <Input {...control} type="tel" inputMode="tel" autoComplete="tel" placeholder="(11) 98765-4321" />}
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" disabled={saving.isPending}>
          {saving.isPending ? 'Salvando...' : 'Salvar perfil'}
        </Button>
      </div>
    </Form>
  );
}
