/**
 * The social links tab (admin.md 2, 3, 5, 8, 9): Instagram, Facebook, Telegram and WhatsApp, up to
 * four links each (URL inputs); the service accepts only http(s) URLs and names the wrong field.
 * Success 'Links salvos com sucesso!'; failures 'Erro ao carregar links' / 'Erro ao salvar'.
 * The store's footer uses the first link of Instagram, Facebook and WhatsApp.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { SOCIAL_PLATFORMS, type SocialLinks, type SocialPlatform } from '@prata/contracts';
import { Alert, Button, Card, Skeleton, TextField, toast } from '@prata/shared-ui';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveSocialLinks, useSocialLinks } from '../api/social-links.ts';
import styles from './social.module.css';

const PLATFORM_LABELS: Record<SocialPlatform, string> = { instagram: 'Instagram', facebook: 'Facebook', telegram: 'Telegram', whatsapp: 'WhatsApp' };
const SLOTS = ['link1', 'link2', 'link3', 'link4'] as const;
type Slot = (typeof SLOTS)[number];
type Form = Record<SocialPlatform, Record<Slot, string>>;

function toForm(links: readonly SocialLinks[]): Form {
  return Object.fromEntries(
    SOCIAL_PLATFORMS.map((platform) => {
      const row = links.find((entry) => entry.platform === platform);
      return [platform, Object.fromEntries(SLOTS.map((slot) => [slot, row?.[slot] ?? ''])) as Record<Slot, string>];
    }),
  ) as Form;
}

/** Field messages of a 400 answer, keyed `platform.slot` (`body.links.<i>.<slot>` in the answer). */
function fieldErrors(error: unknown): Record<string, string> {
  const issues = (error as { body?: { issues?: { path: string; message: string }[] } }).body?.issues ?? [];
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const match = /^body\.links\.(\d+)\.(link[1-4])$/.exec(issue.path);
    if (match) out[`${SOCIAL_PLATFORMS[Number(match[1])]}.${match[2]}`] = issue.message;
  }
  return out;
}

export function SocialLinksForm() {
  const { data, isPending, isError } = useSocialLinks();
  const save = useSaveSocialLinks();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar links');
  }, [isError]);

  if (isPending) {
    return (
      <div role="status" aria-busy="true" className={styles.grid}>
        <span className="p9-visually-hidden">Carregando links...</span>
        {SOCIAL_PLATFORMS.map((platform) => (
          <Skeleton key={platform} height={260} />
        ))}
      </div>
    );
  }
  if (isError) return <Alert variant="danger">Erro ao carregar links</Alert>;
  const values = form ?? toForm(data);

  const set = (platform: SocialPlatform, slot: Slot, value: string) => setForm({ ...values, [platform]: { ...values[platform], [slot]: value } });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const saved = await save.mutateAsync({ links: SOCIAL_PLATFORMS.map((platform) => ({ platform, ...values[platform] })) });
      setForm(toForm(saved));
      toast.success('Links salvos com sucesso!');
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error('Erro ao salvar', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Links das redes sociais" noValidate className={styles.form}>
      <div className={styles.grid}>
        {SOCIAL_PLATFORMS.map((platform) => (
          <Card key={platform} title={PLATFORM_LABELS[platform]} headingLevel={2}>
            <div className={styles.fields}>
              {SLOTS.map((slot, index) => (
                <TextField
                  key={slot}
                  label={`${PLATFORM_LABELS[platform]}: link ${index + 1}`}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={values[platform][slot]}
                  onChange={(event) => set(platform, slot, event.target.value)}
                  error={errors[`${platform}.${slot}`]}
                  maxLength={500}
                />
              ))}
            </div>
          </Card>
        ))}
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          Salvar Links
        </Button>
      </div>
    </form>
  );
}
