/**
 * 'Lembretes do carrinho' in `/minha-conta`: the shopper's opt-in to an e-mail when the cart is
 * left with pieces in it (off until ticked; every reminder carries a link to turn it off again).
 */
import { useState } from 'react';
import { Checkbox, SkeletonText } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { useCartReminders } from '../api/get-cart-reminders.ts';
import { useSetCartReminders } from '../api/set-cart-reminders.ts';

export function CartReminders() {
  const reminders = useCartReminders();
  const save = useSetCartReminders();
  // The box shows the shopper's choice at once, while it is saved.
  const [choice, setChoice] = useState<boolean | null>(null);
  if (reminders.isPending) return <SkeletonText lines={1} />;
  if (reminders.isError) return <p>Não foi possível carregar sua preferência.</p>;
  return (
    <Checkbox
      id="cart-reminders"
      label="Quero receber um e-mail quando eu deixar peças no carrinho"
      hint="Enviamos no máximo dois lembretes por carrinho. Você pode cancelar quando quiser."
      checked={choice ?? reminders.data}
      disabled={save.isPending}
      onChange={(event) => {
        setChoice(event.target.checked);
        save.mutate(event.target.checked, {
          onSuccess: (consent) => toast.success(consent ? 'Lembretes do carrinho ativados' : 'Lembretes do carrinho desativados'),
          onError: () => toast.error('Não foi possível salvar sua preferência'),
          onSettled: () => setChoice(null),
        });
      }}
    />
  );
}
