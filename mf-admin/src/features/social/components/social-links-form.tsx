/**
 * The social links tab (admin.md 2, 3, 5, 8, 9): Instagram, Facebook, Telegram and WhatsApp, up to
 * four links each (URL inputs); the shared `socialLinksUpdateSchema` accepts only http(s) URLs, in the
 * form (react-hook-form) and on the service, which names the wrong field.
 * Success 'Links salvos com sucesso!'; failures 'Erro ao carregar links' / 'Erro ao salvar'.
 * The store's footer uses the first link of Instagram, Facebook and WhatsApp.
 */
import { useEffect } from 'react';
import { SOCIAL_PLATFORMS, socialLinksUpdateSchema, type SocialLinks, type SocialLinksUpdate, type SocialPlatform } from '@prata/contracts';
import { Alert, Button, Card, Input, Skeleton } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { reportSaveFailure } from '../../../lib/save-failure.ts';
import { useSaveSocialLinks, useSocialLinks } from '../api/social-links.ts';
import styles from './social.module.css';

const PLATFORM_LABELS: Record<SocialPlatform, string> = { instagram: 'Instagram', facebook: 'Facebook', telegram: 'Telegram', whatsapp: 'WhatsApp' };
const SLOTS = ['link1', 'link2', 'link3', 'link4'] as const;
type Slot = (typeof SLOTS)[number];
type FormValues = { links: ({ platform: SocialPlatform } & Record<Slot, string>)[] };

/** The form's values: one row per platform, in `SOCIAL_PLATFORMS` order, '' for an empty slot. */
function toForm(links: readonly SocialLinks[]): FormValues {
  return {
    links: SOCIAL_PLATFORMS.map((platform) => {
      const row = links.find((entry) => entry.platform === platform);
      return { platform, ...(Object.fromEntries(SLOTS.map((slot) => [slot, row?.[slot] ?? ''])) as Record<Slot, string>) };
    }),
  };
}

/** A 400's field path (`body.links.<i>.<slot>`) -> the form's field (`links.<i>.<slot>`). */
function linkField(path: string): `links.${number}.${Slot}` | undefined {
  const match = /^body\.links\.(\d+)\.(link[1-4])$/.exec(path);
  return match ? (`links.${Number(match[1])}.${match[2] as Slot}` as const) : undefined;
}

/** The social links tab: the saved links once loaded, in the form below. */
export function SocialLinksForm() {
  const { data, isPending, isError } = useSocialLinks();

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
  return <LinksForm links={data} />;
}

/** The four platforms' links, validated by the shared `socialLinksUpdateSchema` (http(s) only). */
function LinksForm({ links }: { links: readonly SocialLinks[] }) {
  const save = useSaveSocialLinks();
  const form = useZodForm(socialLinksUpdateSchema, { defaultValues: toForm(links) });

  const submit = async (update: SocialLinksUpdate) => {
    try {
      const saved = await save.mutateAsync(update);
      form.reset(toForm(saved));
      toast.success('Links salvos com sucesso!');
    } catch (error) {
      reportSaveFailure(form, error, linkField);
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Links das redes sociais" className={styles.form}>
      <div className={styles.grid}>
        {SOCIAL_PLATFORMS.map((platform, row) => (
          <Card key={platform} title={PLATFORM_LABELS[platform]} headingLevel={2}>
            <div className={styles.fields}>
              {SLOTS.map((slot, index) => (
                <FormField key={slot} control={form.control} name={`links.${row}.${slot}`} label={`${PLATFORM_LABELS[platform]}: link ${index + 1}`}>
                  {(control) => <Input {...control} type="url" inputMode="url" placeholder="https://" maxLength={500} />}
                </FormField>
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
    </Form>
  );
}
