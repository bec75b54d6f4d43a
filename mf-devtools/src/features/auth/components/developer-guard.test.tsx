/** Developer guard (admin.md 2): 'Verificando acesso...', redirect to /developer-login, Access Denied, content. */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useSessionStore } from '@prata/shared-ui/state';
import { render, type Rendered } from '@prata/shared-ui/testing';
import { DeveloperGuard } from './developer-guard.tsx';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  useSessionStore.setState({ loading: true });
  useSessionStore.getState().clear();
});

function renderAt(path: string) {
  view = render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/developer-login" element={<p data-testid="login">login</p>} />
        <Route
          path="/developer/*"
          element={
            <DeveloperGuard>
              <p data-testid="content">dashboard</p>
            </DeveloperGuard>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return view.container;
}

const user = { id: '6f56d857-6897-4856-b449-e5a7689ca2f0', email: 'dev@example.com', fullName: 'Dev' };

describe('DeveloperGuard', () => {
  it("says 'Verificando acesso...' while the session loads", () => {
    useSessionStore.setState({ loading: true, user: null });
    expect(renderAt('/developer').textContent).toContain('Verificando acesso...');
  });

  it('sends anonymous visitors to /developer-login', () => {
    useSessionStore.getState().clear();
    expect(renderAt('/developer').querySelector('[data-testid="login"]')).not.toBeNull();
  });

  it('shows Access Denied to a signed-in non-developer, even an admin', () => {
    useSessionStore.getState().setSession({ user, accessToken: 't', roles: ['admin'] });
    const text = renderAt('/developer').textContent;
    expect(text).toContain('Acesso Negado');
    expect(text).toContain('Você não tem privilégios de desenvolvedor para acessar esta área.');
    expect(text).toContain('Apenas usuários com função de desenvolvedor podem acessar o dashboard de desenvolvimento.');
    expect(text).toContain('Voltar à Loja');
  });

  it('lets developers in', () => {
    useSessionStore.getState().setSession({ user, accessToken: 't', roles: ['admin', 'developer'] });
    expect(renderAt('/developer').querySelector('[data-testid="content"]')).not.toBeNull();
  });
});
