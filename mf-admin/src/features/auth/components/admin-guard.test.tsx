/** Admin guard (admin.md 2): checking screen, redirect to the login with `from`, 'Acesso Negado', content. */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useSessionStore } from '@prata/shared-ui/state';
import { render, type Rendered } from '@prata/shared-ui/testing';
import { AdminGuard } from './admin-guard.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  useSessionStore.setState({ loading: true });
  useSessionStore.getState().clear();
});

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login">from={(location.state as { from?: string } | null)?.from}</p>;
}

function renderAt(path: string) {
  view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/login" element={<LoginProbe />} />
        <Route
          path="/admin/*"
          element={
            <AdminGuard>
              <p data-testid="content">painel</p>
            </AdminGuard>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return view.container;
}

const user = { id: '6f56d857-6897-4856-b449-e5a7689ca2f0', email: 'ana@example.com', fullName: 'Ana' };

describe('AdminGuard', () => {
  it('shows the checking screen while the session loads', () => {
    useSessionStore.setState({ loading: true, user: null });
    const container = renderAt('/admin/users');
    expect(container.querySelector('[data-testid="admin-checking"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="content"]')).toBeNull();
  });

  it('sends anonymous visitors to /admin/login, remembering where they came from', () => {
    useSessionStore.getState().clear();
    const container = renderAt('/admin/users?aba=1');
    expect(container.querySelector('[data-testid="login"]')!.textContent).toBe('from=/admin/users?aba=1');
  });

  it("shows 'Acesso Negado' with 'Voltar à Loja' to a signed-in customer", () => {
    useSessionStore.getState().setSession({ user, accessToken: 't', roles: [] });
    const container = renderAt('/admin');
    expect(container.querySelector('h1')!.textContent).toBe('Acesso Negado');
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).toContain('Voltar à Loja');
    expect(container.querySelector('[data-testid="content"]')).toBeNull();
  });

  it('lets admins (and developers, who are admins too) in', () => {
    useSessionStore.getState().setSession({ user, accessToken: 't', roles: ['admin'] });
    expect(renderAt('/admin').querySelector('[data-testid="content"]')).not.toBeNull();
  });

  it('refuses a developer role without the admin role (the service would answer 403)', () => {
    useSessionStore.getState().setSession({ user, accessToken: 't', roles: ['developer'] });
    expect(renderAt('/admin').textContent).toContain('Acesso Negado');
  });
});
