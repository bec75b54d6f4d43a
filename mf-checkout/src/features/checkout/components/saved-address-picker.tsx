/**
 * 'Entregar em um local salvo' at checkout: the signed-in shopper picks one of their saved
 * addresses (`GET /api/me/addresses`) and its CEP, street, number, complement, neighbourhood,
 * city and state fill the form's address fields, which stay editable (the shopper can still type
 * another address). Nothing shows while the shopper has no saved address.
 */
import { useId, useState } from 'react';
import type { SavedAddress } from '@prata/contracts';
import { SelectField } from '@prata/shared-ui';
import { addressLine, useSavedAddresses } from '../../../lib/saved-addresses.ts';
import type { CheckoutField } from '../utils/checkout-values.ts';

/** The checkout fields a saved address fills, with their values. */
export function addressFields(address: SavedAddress): Partial<Record<CheckoutField, string>> {
  return {
    zipCode: address.zipCode,
    street: address.street,
    number: address.number,
    complement: address.complement ?? '',
    neighborhood: address.neighborhood,
    city: address.city,
    state: address.state,
  };
}

export interface SavedAddressPickerProps {
  /** Fills the form's fields with the picked address's values. */
  onPick: (fields: Partial<Record<CheckoutField, string>>, address: SavedAddress) => void;
}

/** The saved-address select above the checkout's address fields. */
export function SavedAddressPicker({ onPick }: SavedAddressPickerProps) {
  const addresses = useSavedAddresses();
  const [picked, setPicked] = useState('');
  const id = useId();
  const list = addresses.data ?? [];
  if (list.length === 0) return null;

  return (
    <div>
      <SelectField
        label="Entregar em um local salvo"
        hint="Preenche o endereço de entrega; você ainda pode alterá-lo."
        id={id}
        name="savedAddress"
        value={picked}
        placeholder="Escolha um endereço salvo"
        options={list.map((address) => ({ value: address.id, label: `${address.label}: ${addressLine(address)}` }))}
        onChange={(event) => {
          const address = list.find((candidate) => candidate.id === event.target.value);
          setPicked(event.target.value);
          if (address) onPick(addressFields(address), address);
        }}
      />
    </div>
  );
}
