import { ShieldCheck } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../testing/render.tsx';
import { PanelLoginScreen } from './panel-login-screen.tsx';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

describe('PanelLoginScreen', () => {
  it('names its region by the title and draws header, form and links in order, the extra after the card', () => {
    view = render(
      <PanelLoginScreen titleId="admin-login-title" title="Painel Administrativo" lead="Acesso restrito." icon={ShieldCheck} links={<button type="button">Voltar à Loja</button>} after={<p>depois</p>}>
        <form aria-label="Login administrativo" />
      </PanelLoginScreen>,
    );
    const main = view.container.querySelector('main#conteudo')!;
    const region = main.querySelector('section')!;
    expect(region.getAttribute('aria-labelledby')).toBe('admin-login-title');
    expect(region.querySelector('h1#admin-login-title')!.textContent).toBe('Painel Administrativo');
    const order = [...region.querySelectorAll('h1, p, form, button')].map((element) => element.textContent || element.getAttribute('aria-label'));
    expect(order).toEqual(['Painel Administrativo', 'Acesso restrito.', 'Login administrativo', 'Voltar à Loja', 'depois']);
    expect(region.lastElementChild!.textContent).toBe('depois');
  });
});
