/**
 * The checkout's instalment select: the plans the store's rules (`useStoreOffers().installments`) allow for the amount due
 * (contracts `installmentOptions`, the function place-order checks the chosen plan with), each
 * labelled with its exact amounts (`installmentLabel`; 1x is 'à vista'). A lower amount due (a
 * coupon, the store credit) or stricter rules may drop the plan chosen: the most the rules still
 * allow is chosen instead.
 */
import { useEffect } from 'react';
import { installmentOptions } from '@prata/contracts';
import { useStoreOffers, type SelectOption } from '@prata/shared-ui';
import { useWatch, type UseFormReturn } from '@prata/shared-ui/form';
import { installmentLabel, type CheckoutValues } from '../utils/checkout-values.ts';

export function useInstallmentChoices<Parsed>(form: UseFormReturn<CheckoutValues, unknown, Parsed>, amountDueCents: number): SelectOption[] {
  const rules = useStoreOffers().installments;
  const chosen = useWatch({ control: form.control, name: 'installments' });
  const choices = installmentOptions(amountDueCents, rules).map((option) => ({ value: String(option.count), label: installmentLabel(option, amountDueCents) }));
  const most = choices.at(-1)!.value;
  useEffect(() => {
    if (Number(chosen) > Number(most)) form.setValue('installments', most);
  }, [chosen, most, form]);
  return choices;
}
