/**
 * Basic profile information (admin.md 2, 8): full name (editable), e-mail and member-since date.
 * 'Perfil Atualizado' on save; load failure 'Não foi possível carregar o perfil.'; save errors
 * show the service's message. The form is react-hook-form with the shared `updateProfileSchema`.
 */
import { UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { updateProfileSchema, type Profile } from '@prata/contracts';
import { Alert, Button, Card, Input, TextField, SkeletonText, formatDateTime } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import styles from './profile.module.css';

const LOAD_FAILURE = 'Não foi possível carregar o perfil.';

function ProfileForm({ profile }: { profile: Profile }) {
  const form = useZodForm(updateProfileSchema, { defaultValues: { fullName: profile.fullName } });
  const update = useUpdateProfile();

  const submit = (input: { fullName: string }) =>
    update.mutate(input, {
      onSuccess: () => {
        form.reset(input);
        toast.success('Perfil Atualizado', { description: 'Suas informações foram salvas.' });
      },
      onError: (failure) => toast.error('Erro', { description: errorMessage(failure, 'Não foi possível atualizar o perfil.') }),
    });

  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label="Informações básicas">
      <FormField control={form.control} name="fullName" label="Nome completo">
        {(control) => <Input {...control} autoComplete="name" />}
      </FormField>
      <TextField id="profile-email" label="Email" value={profile.email} readOnly hint="Para trocar o email, use o cartão “Alterar Email”." />
      <p className={styles.muted}>
        Membro desde <time dateTime={profile.createdAt}>{formatDateTime(profile.createdAt)}</time>
      </p>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Salvando...' : 'Salvar Alterações'}
      </Button>
    </Form>
  );
}

/** The basic information card: the profile form once the profile has loaded. */
export function ProfileInfoCard() {
  const { data, isPending, isError } = useProfile();

  useEffect(() => {
    if (isError) toast.error('Erro', { description: LOAD_FAILURE });
  }, [isError]);

  return (
    <Card title="Informações Básicas" description="Seu nome e email de acesso." icon={<UserRound size={20} aria-hidden="true" />}>
      {isPending ? <SkeletonText lines={4} label="Carregando perfil..." /> : isError ? <Alert variant="danger" className={styles.error}>{LOAD_FAILURE}</Alert> : <ProfileForm key={data.id} profile={data} />}
    </Card>
  );
}
