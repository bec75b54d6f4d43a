/**
 * Create / edit dialog of a coupon: code (upper-cased as typed), kind (percent, fixed
 * amount, free shipping) and its value (a whole percentage, or reais; none for free shipping),
 * minimum order in reais, validity window (the admin's local date and time), total and
 * per-customer use limits (empty: no limit) and first purchase only. react-hook-form with the
 * shared `couponFormSchema` (the rules of `couponInputSchema` on the typed values); the
 * service's 400 messages land on their fields, a code already taken on the code.
 * Success 'Cupom criado' / 'Cupom atualizado'; failure 'Erro ao salvar cupom' with the service's message.
 */
import { COUPON_KINDS, COUPON_KIND_LABELS, couponFormSchema, reaisText, type Coupon, type CouponInput } from '@prata/contracts';
import { Button, Dialog, Input, Select, toast } from '@prata/shared-ui';
import { Form, FormCheckbox, FormField, bodyField, serverIssues, setServerErrors, useWatch, useZodForm } from '@prata/shared-ui/form';
import { errorCode, errorMessage } from '../../../lib/api-client.ts';
import { useSaveCoupon } from '../api/coupons.ts';
import styles from './coupons.module.css';

const KIND_OPTIONS = COUPON_KINDS.map((value) => ({ value, label: COUPON_KIND_LABELS[value] }));
const FIELDS = ['code', 'kind', 'value', 'minOrderCents', 'startsAt', 'endsAt', 'maxUses', 'maxUsesPerCustomer'] as const;

const pad = (value: number) => String(value).padStart(2, '0');
/** An instant as a `datetime-local` value in the browser's time zone ('2026-12-01T09:00'). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The form's values: empty for a new coupon, else the stored coupon as typed text. */
export function toCouponForm(coupon: Coupon | null) {
  return {
    code: coupon?.code ?? '',
    kind: coupon?.kind ?? 'percent',
    value: coupon?.value == null ? '' : coupon.kind === 'fixed' ? reaisText(coupon.value) : String(coupon.value),
    minOrderCents: coupon?.minOrderCents == null ? '' : reaisText(coupon.minOrderCents),
    startsAt: toLocalInput(coupon?.startsAt ?? null),
    endsAt: toLocalInput(coupon?.endsAt ?? null),
    maxUses: coupon?.maxUses == null ? '' : String(coupon.maxUses),
    maxUsesPerCustomer: coupon?.maxUsesPerCustomer == null ? '' : String(coupon.maxUsesPerCustomer),
    firstPurchaseOnly: coupon?.firstPurchaseOnly ?? false,
  };
}

export interface CouponFormDialogProps {
  open: boolean;
  /** The coupon being edited; null creates one. */
  coupon: Coupon | null;
  onClose: () => void;
}

export function CouponFormDialog({ open, coupon, onClose }: CouponFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={coupon ? `Editar cupom ${coupon.code}` : 'Novo cupom'} size="md">
      {open ? <CouponForm key={coupon?.id ?? 'new'} coupon={coupon} onDone={onClose} /> : null}
    </Dialog>
  );
}

export function CouponForm({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  const form = useZodForm(couponFormSchema, { defaultValues: toCouponForm(coupon) });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const save = useSaveCoupon();

  const submit = async (input: CouponInput) => {
    try {
      await save.mutateAsync({ id: coupon?.id ?? null, input });
      toast.success(coupon ? 'Cupom atualizado' : 'Cupom criado');
      onDone();
    } catch (error) {
      if (errorCode(error) === 'coupon_code_taken') form.setError('code', { type: 'server', message: errorMessage(error, '') });
      else setServerErrors(form, serverIssues(error), bodyField([...FIELDS]));
      toast.error('Erro ao salvar cupom', { description: errorMessage(error, 'Tente novamente em alguns instantes.') });
    }
  };

  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label={coupon ? 'Editar cupom' : 'Novo cupom'}>
      <div className={styles.form}>
        <FormField control={form.control} name="code" label="Código" hint="Letras, números e hífen" format={(typed) => typed.toUpperCase()} required>
          {(control) => <Input {...control} required maxLength={30} autoCapitalize="characters" placeholder="PRATA10" />}
        </FormField>
        <FormField control={form.control} name="kind" label="Tipo" required>
          {(control) => <Select {...control} options={KIND_OPTIONS} />}
        </FormField>
        {kind === 'free_shipping' ? null : (
          <FormField control={form.control} name="value" label={kind === 'percent' ? 'Desconto (%)' : 'Desconto (R$)'} required>
            {(control) => <Input {...control} required inputMode={kind === 'percent' ? 'numeric' : 'decimal'} maxLength={10} placeholder={kind === 'percent' ? '10' : '20,00'} />}
          </FormField>
        )}
        <FormField control={form.control} name="minOrderCents" label="Pedido mínimo (R$)" hint="Em branco: qualquer valor">
          {(control) => <Input {...control} inputMode="decimal" maxLength={10} placeholder="150,00" />}
        </FormField>
        <FormField control={form.control} name="startsAt" label="Válido a partir de">
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
        <FormField control={form.control} name="endsAt" label="Válido até">
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
        <FormField control={form.control} name="maxUses" label="Limite de usos" hint="Em branco: sem limite">
          {(control) => <Input {...control} inputMode="numeric" maxLength={7} />}
        </FormField>
        <FormField control={form.control} name="maxUsesPerCustomer" label="Limite por cliente" hint="Em branco: sem limite">
          {(control) => <Input {...control} inputMode="numeric" maxLength={7} />}
        </FormField>
      </div>
      <FormCheckbox control={form.control} name="firstPurchaseOnly" label="Só na primeira compra" />
      <div className={styles.actions}>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={save.isPending}>
          {coupon ? 'Salvar cupom' : 'Criar cupom'}
        </Button>
      </div>
    </Form>
  );
}
