/**
 * Page error boundary (storefront.md 2 generic error screen): a render error shows
 * 'Ops! Algo deu errado'; 'Tentar Novamente' clears it; 'Ir para Início' clears it and goes to /;
 * a path change clears it; 'Relatar um problema' asks for the shell's feedback dialog; the rest
 * of the page never goes blank.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_PROBLEM_EVENT } from '@prata/shared-ui/state';
import { PageErrorBoundary } from './page-error-boundary.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let failing = true;

function Fragile() {
  if (failing) throw new Error('boom');
  return <p>Conteúdo da página</p>;
}

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{location.pathname}</output>
      <button type="button" onClick={() => void navigate('/contato')}>
        ir para contato
      </button>
    </>
  );
}

let container: HTMLDivElement;
let root: Root;

function render(initial: string) {
  act(() =>
    root.render(
      <MemoryRouter initialEntries={[initial]}>
        <Where />
        <PageErrorBoundary source="storefront">
          <Routes>
            <Route path="/" element={<p>Página inicial</p>} />
            <Route path="*" element={<Fragile />} />
          </Routes>
        </PageErrorBoundary>
      </MemoryRouter>,
    ),
  );
}

const text = () => container.textContent ?? '';
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;

beforeEach(() => {
  failing = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

describe('StorefrontErrorBoundary', () => {
  it('shows the generic error screen instead of a page that throws, and logs the error', () => {
    render('/sobre');
    expect(container.querySelector('[role="alert"] h1')!.textContent).toBe('Ops! Algo deu errado');
    expect(text()).toContain('Tente recarregar a página');
    expect(button('Tentar Novamente')).toBeDefined();
    expect(button('Ir para Início')).toBeDefined();
    expect(text()).not.toContain('Conteúdo da página');
    expect(console.error).toHaveBeenCalledWith('[storefront] unexpected error', expect.objectContaining({ message: 'boom' }), expect.anything());
  });

  it("'Relatar um problema' asks the shell's dialog for the remote", () => {
    render('/sobre');
    const asked: unknown[] = [];
    const listener = (event: Event) => asked.push((event as CustomEvent).detail);
    window.addEventListener(REPORT_PROBLEM_EVENT, listener);
    act(() => button('Relatar um problema').click());
    window.removeEventListener(REPORT_PROBLEM_EVENT, listener);
    expect(asked).toEqual([{ remote: 'storefront' }]);
  });

  it("'Tentar Novamente' clears the error and renders the page again", () => {
    render('/sobre');
    failing = false;
    act(() => button('Tentar Novamente').click());
    expect(text()).toContain('Conteúdo da página');
    expect(text()).not.toContain('Ops! Algo deu errado');
  });

  it("'Tentar Novamente' shows the error screen again when the page still fails", () => {
    render('/sobre');
    act(() => button('Tentar Novamente').click());
    expect(text()).toContain('Ops! Algo deu errado');
  });

  it("'Ir para Início' clears the error and goes to /", () => {
    render('/sobre');
    act(() => button('Ir para Início').click());
    expect(container.querySelector('[data-testid="where"]')!.textContent).toBe('/');
    expect(text()).toContain('Página inicial');
    expect(text()).not.toContain('Ops! Algo deu errado');
  });

  it('clears the error when the path changes', () => {
    render('/sobre');
    failing = false;
    act(() => button('ir para contato').click());
    expect(container.querySelector('[data-testid="where"]')!.textContent).toBe('/contato');
    expect(text()).toContain('Conteúdo da página');
  });
});
