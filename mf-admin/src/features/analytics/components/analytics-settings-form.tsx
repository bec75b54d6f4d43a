/**
 * 'Medição e anúncios' on the sales page, below 'Feeds de catálogo': the GA4 measurement id and
 * API secret (Measurement Protocol) and the Meta Pixel id and Conversions API access token. The
 * store loads GA4 and the Pixel only for shoppers who allowed them in the cookie banner, and sends
 * paid orders' purchases from the server too. The secrets are write-only: the form says whether
 * each is set, an empty field keeps it. react-hook-form with the shared `analyticsSettingsFormSchema`;
 * 'Medição salva', or the service's message on the fields.
 */
import { BarChart3 } from 'lucide-react';
import { analyticsSettingsFormSchema, type AnalyticsSettings, type AnalyticsSettingsUpdate } from '@prata/contracts';
import { Button, Card, Input, Skeleton } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { Form, FormField, bodyField, useZodForm } from '@prata/shared-ui/form';
import { reportSaveFailure } from '../../../lib/save-failure.ts';
import { useAnalyticsSettings, useSaveAnalyticsSettings } from '../api/analytics-settings.ts';

type FormValues = { ga4MeasurementId: string; ga4ApiSecret: string; metaPixelId: string; metaAccessToken: string };
const FIELDS: (keyof FormValues)[] = ['ga4MeasurementId', 'ga4ApiSecret', 'metaPixelId', 'metaAccessToken'];

export function AnalyticsSettingsForm() {
  const stored = useAnalyticsSettings();
  return (
    <Card
      title="Medição e anúncios"
      description="Google Analytics 4 e Pixel da Meta: carregados só para quem aceitar os cookies de medição ou de marketing. As compras pagas também são enviadas pelo servidor."
      icon={<BarChart3 size={20} aria-hidden="true" />}
      testId="analytics-settings"
    >
      {stored.isPending ? <Skeleton height={96} /> : stored.isError ? <p>Não foi possível carregar as configurações de medição.</p> : <Fields stored={stored.data} />}
    </Card>
  );
}

const secretHint = (set: boolean) => (set ? 'Definido. Deixe em branco para manter.' : 'Não definido. Usado só pelo servidor, nunca enviado ao navegador.');

function Fields({ stored }: { stored: AnalyticsSettings }) {
  const save = useSaveAnalyticsSettings();
  const form = useZodForm(analyticsSettingsFormSchema, {
    values: { ga4MeasurementId: stored.ga4MeasurementId ?? '', ga4ApiSecret: '', metaPixelId: stored.metaPixelId ?? '', metaAccessToken: '' },
  });
  const submit = async (update: AnalyticsSettingsUpdate) => {
    try {
      await save.mutateAsync(update);
      toast.success('Medição salva');
    } catch (error) {
      reportSaveFailure(form, error, bodyField<FormValues>(FIELDS));
    }
  };
  return (
    <Form form={form} onSubmit={submit} aria-label="Medição e anúncios">
      <FormField control={form.control} name="ga4MeasurementId" label="ID de medição do GA4" hint="Formato G-XXXXXXX. Em branco: GA4 desligado.">
        {(control) => <Input {...control} autoComplete="off" />}
      </FormField>
      <FormField control={form.control} name="ga4ApiSecret" label="Segredo da API do GA4 (Measurement Protocol)" hint={secretHint(stored.ga4ApiSecretSet)}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField control={form.control} name="metaPixelId" label="ID do Pixel da Meta" hint="Apenas números. Em branco: Meta desligada.">
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" />}
      </FormField>
      <FormField control={form.control} name="metaAccessToken" label="Token da API de Conversões da Meta" hint={secretHint(stored.metaAccessTokenSet)}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" />}
      </FormField>
      <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
        Salvar medição
      </Button>
    </Form>
  );
}
