/**
 * The checkout's saved-address picker: nothing without saved addresses; picking one
 * hands its fields to the form, whichever of the 27 states it is in.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../testing/api.ts';
import { flush, render, typeInto, type Rendered } from '../../../testing/render.tsx';
import { SavedAddressPicker, addressFields } from './saved-address-picker.tsx';

let view: Rendered;
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
});

const home = { id: 'c0000000-0000-4000-8000-000000000001', label: 'Casa', zipCode: '01310-100', street: 'Av. Paulista', number: '1000', complement: 'Ap 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', isDefault: true, createdAt: '2026-11-20T12:00:00.000Z' };
const salvador = { ...home, id: 'c0000000-0000-4000-8000-000000000002', label: 'Praia', zipCode: '40010-000', street: 'Rua Chile', complement: null, city: 'Salvador', state: 'BA', isDefault: false };

describe('SavedAddressPicker', () => {
  it('shows nothing while the shopper has no saved address', async () => {
    stubApi(() => json(200, []));
    view = render(<SavedAddressPicker onPick={() => undefined} />);
    await flush();
    expect(view.container.querySelector('select')).toBeNull();
  });

  it('fills the address fields with the picked address', async () => {
    stubApi(() => json(200, [home, salvador]));
    const onPick = vi.fn();
    view = render(<SavedAddressPicker onPick={onPick} />);
    await flush();
    const select = view.container.querySelector('select[name="savedAddress"]');
    expect(view.container.textContent).toContain('Casa: Av. Paulista, 1000 - Ap 12 - Bela Vista, São Paulo/SP - 01310-100');
    typeInto(select, home.id);
    expect(onPick).toHaveBeenCalledWith({ zipCode: '01310-100', street: 'Av. Paulista', number: '1000', complement: 'Ap 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' }, home);

    typeInto(select, salvador.id);
    expect(onPick.mock.calls[1]![0]).toMatchObject({ city: 'Salvador', state: 'BA', complement: '' });
    expect(addressFields(salvador).state).toBe('BA');
  });
});
