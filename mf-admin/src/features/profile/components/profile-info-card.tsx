/**
 * Basic profile information (admin.md 2, 8): full name (editable), e-mail and member-since date.
 * 'Perfil Atualizado' on save; load failure 'Não foi possível carregar o perfil.'; save errors
 * show the service's message.
 */
import { UserRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { updateProfileSchema, type Profile } from '@prata/contracts';
import { Alert, Button, Card, Field, Input, TextField, SkeletonText, formatDateTime, toast } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import styles from './profile.module.css';

const LOAD_FAILURE = 'Não foi possível carregar o perfil.';

function ProfileForm({ profile }: { profile: Profile }) {
  const [fullName, setFullName] = useState(profile.fullName);
  const [error, setError] = useState<string>();
  const update = useUpdateProfile();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileSchema.safeParse({ fullName });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(parsed.data, {
      onSuccess: () => toast.success('Perfil Atualizado', { description: 'Suas informações foram salvas.' }),
      onError: (failure) => toast.error('Erro', { description: errorMessage(failure, 'Não foi possível atualizar o perfil.') }),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Informações básicas">
      <Field label="Nome completo" error={error}>
        {(control) => <Input {...control} name="fullName" autoComplete="name" value={fullName} onChange={(event) => setFullName(event.target.value)} />}
      </Field>
      <TextField id="profile-email" label="Email" value={profile.email} readOnly hint="Para trocar o email, use o cartão “Alterar Email”." />
      <p className={styles.muted}>
        Membro desde <time dateTime={profile.createdAt}>{formatDateTime(profile.createdAt)}</time>
      </p>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Salvando...' : 'Salvar Alterações'}
      </Button>
    </form>
  );
}

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
