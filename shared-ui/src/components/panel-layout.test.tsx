/**
 * A render error in one panel tab: the error screen shows inside `main#conteudo` only;
 * the sidebar and top bar stay, another tab of the menu renders normally, and 'Ir para Início'
 * goes to the panel's first section.
 */
import { LayoutDashboard, Package } from 'lucide-react';
import { act } from 'react';
import { MemoryRouter, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render as renderUi, type Rendered } from '../testing/render.tsx';
import { PanelLayout } from './panel-layout.tsx';

function Throws(): never {
  throw new Error('tab exploded');
}

/** The current path, and a button that moves to the dashboard tab (as the sidebar's link does). */
function Where() {
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{useLocation().pathname}</output>
      <button type="button" data-testid="to-dashboard" onClick={() => void navigate('/admin')}>
        dashboard
      </button>
    </>
  );
}

let rendered: Rendered | undefined;
let container: HTMLDivElement;

function render(initial: string) {
  const layout = (
    <PanelLayout
      title="Painel Administrativo"
      icon={LayoutDashboard}
      navLabel="Painel administrativo"
      sections={[
        { path: '/admin', label: 'Dashboard', icon: LayoutDashboard },
        { path: '/admin/products', label: 'Produtos', icon: Package },
      ]}
      breadcrumb={[{ label: 'Painel' }]}
      roleLabel="Administrador"
      signOutQueryKeys={[]}
      signOutTestId="sair"
    >
      <Outlet />
    </PanelLayout>
  );
  rendered = renderUi(
    <MemoryRouter initialEntries={[initial]}>
      <Where />
      <Routes>
        <Route path="/admin" element={layout}>
          <Route index element={<p>Resumo do dia</p>} />
          <Route path="products" element={<Throws />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  container = rendered.container;
}

const main = () => container.querySelector('main#conteudo')!;
const link = (name: string) => [...container.querySelectorAll('nav a')].find((a) => a.textContent === name) as HTMLAnchorElement;

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  rendered?.unmount();
  vi.restoreAllMocks();
});

describe('PanelLayout error boundary per tab', () => {
  it('shows the error inside the tab only; the sidebar and top bar stay', () => {
    render('/admin/products');
    expect(main().querySelector('[role="alert"] h1')!.textContent).toBe('Não foi possível exibir esta página');
    expect(link('Dashboard')).toBeDefined();
    expect(link('Produtos')).toBeDefined();
    expect(container.textContent).toContain('Ver Loja');
    expect(console.error).toHaveBeenCalledWith('[Painel administrativo] unexpected error', expect.objectContaining({ message: 'tab exploded' }), expect.anything());
  });

  it('another tab renders normally after the error', () => {
    render('/admin/products');
    act(() => container.querySelector<HTMLButtonElement>('[data-testid="to-dashboard"]')!.click());
    expect(container.querySelector('[data-testid="where"]')!.textContent).toBe('/admin');
    expect(main().textContent).toContain('Resumo do dia');
    expect(main().querySelector('[role="alert"]')).toBeNull();
  });

  it("'Ir para Início' goes to the panel's first section", () => {
    render('/admin/products');
    act(() => [...main().querySelectorAll('button')].find((b) => b.textContent === 'Ir para Início')!.click());
    expect(container.querySelector('[data-testid="where"]')!.textContent).toBe('/admin');
    expect(main().textContent).toContain('Resumo do dia');
  });
});
