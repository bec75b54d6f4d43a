/**
 * 'Rastrear pedido' (`/rastrear-pedido`): the order's number (`P925-XXXXX`, any case) and the
 * e-mail or CPF used in the order, in one field (an '@' makes it an e-mail, otherwise the CPF's
 * digits). On success `onFound` gets the order's tracking token (the route opens
 * `/pedido/<token>`); the service's one generic message for any mismatch (contracts
 * ORDER_TRACKING_NOT_FOUND_MESSAGE), or its 429, shows above the form without saying which part
 * was wrong.
 */
import { useState } from 'react';
import { z } from 'zod';
import { cpfSchema, type OrderTrackingLookup } from '@prata/contracts';
import { Alert, Button, Input } from '@prata/shared-ui';
import { Form, FormField, useZodForm } from '@prata/shared-ui/form';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useLookupOrder } from '../api/lookup-order.ts';
import styles from './orders.module.css';

const isEmail = (contact: string) => contact.includes('@');

/** The form's fields, validated as the service validates them; the output is the lookup's body. */
export const trackOrderFormSchema = z
  .object({
    orderNumber: z.string().trim().min(1, 'Informe o número do pedido').max(20, 'Número do pedido inválido'),
    contact: z
      .string()
      .trim()
      .min(1, 'Informe o e-mail ou o CPF usado no pedido')
      .max(255, 'E-mail muito longo')
      .refine((contact) => (isEmail(contact) ? z.email().safeParse(contact).success : cpfSchema.safeParse(contact).success), 'Informe um e-mail ou CPF válido'),
  })
  .transform(({ orderNumber, contact }): OrderTrackingLookup => (isEmail(contact) ? { orderNumber, email: contact } : { orderNumber, cpf: contact.replace(/\D/g, '') }));

const NOT_FOUND_STATUSES = new Set([400, 404, 429]);

export function TrackOrderForm({ onFound }: { onFound: (token: string) => void }) {
  const form = useZodForm(trackOrderFormSchema, { defaultValues: { orderNumber: '', contact: '' } });
  const lookup = useLookupOrder();
  const [problem, setProblem] = useState<string | null>(null);

  const find = (body: OrderTrackingLookup) => {
    setProblem(null);
    lookup.mutate(body, {
      onSuccess: ({ token }) => onFound(token),
      onError: (error) =>
        setProblem(error instanceof ApiRequestError && NOT_FOUND_STATUSES.has(error.status) ? error.message : 'Não foi possível consultar o pedido. Tente novamente em alguns instantes.'),
    });
  };

  return (
    <Form form={form} onSubmit={find} className={styles.lookup} aria-label="Rastrear pedido">
      <p className={styles.muted}>Informe o número do pedido (está no e-mail de confirmação) e o e-mail ou CPF usado na compra.</p>
      {problem ? (
        <Alert variant="warning" data-testid="track-order-problem">
          {problem}
        </Alert>
      ) : null}
      <FormField control={form.control} name="orderNumber" label="Número do pedido">
        {(control) => <Input {...control} placeholder="P925-XXXXX" autoCapitalize="characters" autoComplete="off" />}
      </FormField>
      <FormField control={form.control} name="contact" label="E-mail ou CPF">
        {(control) => <Input {...control} autoComplete="email" />}
      </FormField>
      <Button type="submit" disabled={lookup.isPending}>
        {lookup.isPending ? 'Consultando...' : 'Rastrear pedido'}
      </Button>
    </Form>
  );
}
