/** The sales page's PIX discount: shows the stored percent, refuses a fraction, sends whole percent. */
import { describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui';
import { type } from '@prata/shared-ui/testing';
import { mountWithApi, setupMountWithApi } from '../../../testing/mount-with-api.tsx';
import { PixDiscountForm } from './pix-discount-form.tsx';

setupMountWithApi();

describe('PixDiscountForm', () => {
  it('shows the stored percent, refuses what is no whole percent and sends the new one', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const { view, field, submit, puts } = await mountWithApi(<PixDiscountForm />, { percent: 0 }, { percent: 5 });
    expect(field('Desconto no PIX (%)').value).toBe('0');
    type(field('Desconto no PIX (%)'), '2.5');
    await submit();
    expect(view.container.textContent).toContain('Informe uma porcentagem inteira');
    expect(puts()).toEqual([]);
    type(field('Desconto no PIX (%)'), '5');
    await submit();
    expect(puts()).toEqual([{ percent: 5 }]);
    expect(toast.success).toHaveBeenCalledWith('Desconto no PIX salvo');
  });
});
