import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, toast } from '@prata/shared-ui/state';
import { bodyField } from '@prata/shared-ui/form';
import { reportSaveFailure } from './save-failure.ts';

afterEach(() => vi.restoreAllMocks());

describe('reportSaveFailure', () => {
  it("puts a 400's field messages under their fields and toasts the service's message", () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const form = { setError: vi.fn() };
    const refused = new ApiRequestError(400, 'Dados inválidos', {
      error: 'validation',
      message: 'Dados inválidos',
      issues: [
        { path: 'body.percent', message: 'Informe um percentual entre 0 e 50' },
        { path: 'body.other', message: 'Outro problema' },
      ],
    });

    reportSaveFailure(form, refused, bodyField<{ percent: string }>(['percent']));

    expect(form.setError.mock.calls).toEqual([
      ['percent', { type: 'server', message: 'Informe um percentual entre 0 e 50' }],
      ['root.server', { type: 'server', message: 'Outro problema' }],
    ]);
    expect(error).toHaveBeenCalledWith('Erro ao salvar', { description: 'Dados inválidos' });
  });

  it('says to try again for anything that is not an API answer', () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const form = { setError: vi.fn() };
    reportSaveFailure(form, new TypeError('Failed to fetch'), bodyField<{ percent: string }>(['percent']));
    expect(form.setError).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Erro ao salvar', { description: 'Tente novamente em alguns instantes.' });
  });
});
