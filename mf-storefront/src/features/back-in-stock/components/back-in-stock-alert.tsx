/**
 * "Avise-me quando chegar" for a sold-out product or variant: `{ productId, variantId }`
 * (variantId null for a product without variants), rendered by the page where the item shows zero
 * stock, so the variant picker can render it for the selected variant (give it `key={variantId}`
 * to start over when the choice changes).
 * - Signed in: one click subscribes the account's e-mail ('Pronto! Avisaremos você por e-mail.').
 * - Anonymous: the e-mail is typed (react-hook-form with the shared `backInStockEmailFormSchema`)
 *   and confirmed by a link ('Enviamos um e-mail para confirmar.').
 * Refusals (e.g. 'Este item está disponível') are toasts; an invalid e-mail shows on the field.
 */
import { useState } from 'react';
import { Bell } from 'lucide-react';
import { backInStockEmailFormSchema, type BackInStockEmailForm } from '@prata/contracts/back-in-stock';
import { ApiRequestError, Button, Input, toast, useSessionStore } from '@prata/shared-ui';
import { Form, FormField, bodyField, serverIssues, setServerErrors, useZodForm } from '@prata/shared-ui/form';
import { useSubscribeBackInStock } from '../api/subscribe-back-in-stock.ts';

const emailField = bodyField<{ email: string }>(['email']);

export interface BackInStockAlertProps {
  productId: string;
  variantId?: string | null;
}

export function BackInStockAlert({ productId, variantId = null }: BackInStockAlertProps) {
  const signedIn = useSessionStore((state) => state.user !== null);
  const subscribe = useSubscribeBackInStock();
  const form = useZodForm(backInStockEmailFormSchema, { defaultValues: { email: '' } });
  const [done, setDone] = useState<string | null>(null);

  const send = async (email?: string) => {
    try {
      const result = await subscribe.mutateAsync({ productId, variantId, ...(email ? { email } : {}) });
      setDone(result.message);
      toast.success(result.message);
    } catch (error) {
      if (setServerErrors(form, serverIssues(error), emailField) > 0) return;
      toast.error('Não foi possível criar o aviso', { description: error instanceof ApiRequestError ? error.message : 'Tente novamente em instantes.' });
    }
  };

  if (done) return <p role="status">{done}</p>;
  if (signedIn) {
    return (
      <div>
        <Button variant="outline" loading={subscribe.isPending} onClick={() => void send()}>
          <Bell size={18} aria-hidden="true" /> Avise-me quando chegar
        </Button>
      </div>
    );
  }
  return (
    <Form form={form} onSubmit={(values: BackInStockEmailForm) => send(values.email)} aria-label="Avise-me quando chegar">
      <FormField control={form.control} name="email" label="Avise-me quando chegar" hint="Enviaremos um e-mail quando este item voltar ao estoque.">
        {(control) => <Input {...control} type="email" autoComplete="email" inputMode="email" placeholder="seu@email.com" />}
      </FormField>
      <Button type="submit" variant="outline" loading={subscribe.isPending}>
        <Bell size={18} aria-hidden="true" /> Avise-me
      </Button>
    </Form>
  );
}
