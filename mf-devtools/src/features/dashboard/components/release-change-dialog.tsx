/**
 * The confirmation of a release change in the Deployments card:
 * a shared-ui `Dialog` that says in pt-BR what will happen to the store's clients (activate a
 * published version, start a canary with its percentage, promote or stop the running canary,
 * roll back) before anything is sent. "Cancelar", Escape or a click outside send nothing; the
 * confirm button hands the change (for a canary, with the percentage chosen here, 1-99, validated
 * with the service's `startCanarySchema`) to `onConfirm`.
 *
 * Loaded on demand (remote-releases.tsx) so the dashboard's first load does not carry it.
 */
import { z } from 'zod';
import { startCanarySchema, type RemoteReleaseList } from '@prata/contracts';
import { Button, Dialog, Input } from '@prata/shared-ui';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { DEFAULT_CANARY_PERCENT, type ReleaseChange } from '../api/change-remote-release.ts';

/** The canary form: the percentage as typed, checked as the service checks it (1-99, whole). */
const canaryFormSchema = z.object({ percent: z.string().trim().min(1, 'Informe a porcentagem').pipe(z.coerce.number<string>().pipe(startCanarySchema.shape.percent)) });

/** What a confirmation says: its title, what happens, and its confirm button's label. */
export interface ChangeText {
  title: string;
  description: string;
  confirm: string;
}

/**
 * The pt-BR text confirming `change` given the remote's releases now (`list`): the versions
 * involved, who gets them, and what the running canary becomes.
 */
export function describeChange(change: ReleaseChange, list: RemoteReleaseList): ChangeText {
  const { remote } = change;
  const current = list.active ? `a versão ${list.active}` : 'a entrada de base do registro';
  const canary = list.canary;
  const running = canary ? `${canary.version}, ${canary.percent}% dos clientes` : '';
  const reload = 'no próximo carregamento de página (abas abertas são avisadas)';
  const endsCanary = canary ? ` O canário em andamento (${running}) termina.` : '';
  const checked = ' Antes, o serviço confere o manifest e os hashes de integridade da versão; se não conferirem, nada muda.';
  switch (change.action) {
    case 'activate':
      return canary?.version === change.version
        ? {
            title: `Promover o canário ${change.version} de ${remote}?`,
            description: `A versão ${change.version}, hoje servida a ${canary.percent}% dos clientes, passa a ser servida a todos ${reload}, no lugar de ${current}. O canário termina.${checked}`,
            confirm: 'Promover',
          }
        : {
            title: `Ativar a versão ${change.version} de ${remote}?`,
            description: `Todos os clientes passam a receber ${change.version} ${reload}, no lugar de ${current}.${endsCanary}${checked}`,
            confirm: 'Ativar',
          };
    case 'canary':
      return {
        title: `Iniciar um canário de ${change.version} em ${remote}?`,
        description: `A porcentagem escolhida dos clientes (cada navegador fica sempre no mesmo grupo) passa a receber ${change.version}; os demais continuam com ${current}.${canary ? ` Substitui o canário em andamento (${running}).` : ''} Se a versão tiver mais erros que a estável, o canário é encerrado automaticamente.${checked}`,
        confirm: 'Iniciar canário',
      };
    case 'end-canary':
      return {
        title: `Parar o canário de ${remote}?`,
        description: `Os clientes que recebem ${running} voltam para ${current} ${reload}.`,
        confirm: 'Parar canário',
      };
    case 'rollback': {
      if (canary) return { title: `Reverter ${remote}?`, description: `Há um canário em andamento: reverter o encerra. Os clientes que recebem ${running} voltam para ${current} ${reload}.`, confirm: 'Reverter' };
      // The service goes back to the release published just before the active one (the list is newest first).
      const index = list.releases.findIndex((release) => release.version === list.active);
      const previous = list.releases[index + 1]?.version;
      const target = previous ? `a versão ${previous}, publicada antes de ${list.active}` : 'a entrada de base do registro (não há versão publicada antes da ativa)';
      return { title: `Reverter ${remote}?`, description: `Todos os clientes voltam para ${target} ${reload}, no lugar de ${current}.`, confirm: 'Reverter' };
    }
  }
}

export interface ReleaseChangeDialogProps {
  /** The change to confirm; for a canary, `percent` is the field's initial value. */
  change: ReleaseChange;
  /** The remote's releases now (what the text names). */
  list: RemoteReleaseList;
  /** Closed without a change (Cancelar, Escape, a click outside). */
  onCancel: () => void;
  /** Confirmed: the change to send (a canary with the percentage chosen here). */
  onConfirm: (change: ReleaseChange) => void;
}

/** The confirmation dialog of one release change (open while mounted). */
export default function ReleaseChangeDialog({ change, list, onCancel, onConfirm }: ReleaseChangeDialogProps) {
  const text = describeChange(change, list);
  const form = useZodForm(canaryFormSchema, { defaultValues: { percent: String(change.action === 'canary' ? change.percent : DEFAULT_CANARY_PERCENT) } });
  const formId = `canary-${change.remote}`;
  return (
    <Dialog
      open
      onClose={onCancel}
      title={text.title}
      description={text.description}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
          {change.action === 'canary' ? (
            <Button type="submit" form={formId}>
              {text.confirm}
            </Button>
          ) : (
            <Button variant={change.action === 'activate' ? 'primary' : 'danger'} onClick={() => onConfirm(change)}>
              {text.confirm}
            </Button>
          )}
        </>
      }
    >
      {change.action === 'canary' ? (
        <Form id={formId} form={form} onSubmit={({ percent }) => onConfirm({ ...change, percent })}>
          <FormField control={form.control} name="percent" label="Porcentagem de clientes" hint="De 1 a 99 %." required>
            {(control) => <Input {...control} type="number" inputMode="numeric" min={1} max={99} step={1} data-autofocus />}
          </FormField>
        </Form>
      ) : null}
    </Dialog>
  );
}
