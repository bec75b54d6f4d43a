/**
 * Users tab list (admin.md 2): initials avatar, name or 'Nome não definido', role badge
 * (Administrador / Desenvolvedor / Usuário), email, creation date in pt-BR, and the row actions
 * view, edit and delete (delete on non-admin rows only; user-actions.tsx). `?usuario=<id>` (a
 * global search link) opens that account's details. Pages of 20 from the service
 * (`?pagina=`, the panel's Pagination) and a search over name and e-mail, accents and case ignored
 * (`?busca=`, debounced 300 ms).
 * Empty: 'Nenhum usuário encontrado'; load failure: 'Erro ao carregar usuários'.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from '@prata/shared-ui/router';
import { Alert, Badge, Button, Pagination, Skeleton, TextField, toast } from '@prata/shared-ui';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { ROLE_LABELS, UserDetailsDialog, UserRowActions } from './user-actions.tsx';
import styles from './accounts.module.css';

const SEARCH_DEBOUNCE_MS = 300;
const ROLE_VARIANTS = { admin: 'bestseller', developer: 'new', user: 'neutral' } as const;

const date = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' });

/** Up to two initials of the name (or of the e-mail when there is no name). */
export function initialsOf(name: string | null, email: string): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return email.slice(0, 2).toUpperCase();
  return (words.length === 1 ? words[0]!.slice(0, 2) : words[0]![0]! + words.at(-1)![0]!).toUpperCase();
}

/** Placeholder rows (avatar, name, e-mail) while a list of people loads. */
export function UsersSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className={styles.list}>
      <span className="p9-visually-hidden">{label}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className={styles.row}>
          <Skeleton shape="circle" width={40} />
          <div className={styles.who}>
            <Skeleton shape="text" width="45%" />
            <Skeleton shape="text" width="70%" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function UserList() {
  const [params, setParams] = useSearchParams();
  const filters = { search: params.get('busca') ?? '', page: Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1) };
  const [search, setSearch] = useState(filters.search);
  const { data, isPending, isError, refetch } = useAdminUsers(filters);
  const viewing = params.get('usuario');
  const go = (changes: { busca?: string; pagina?: number }) =>
    setParams(
      (current) => {
        if ('busca' in changes) {
          if (changes.busca) current.set('busca', changes.busca);
          else current.delete('busca');
          current.delete('pagina');
        }
        if (changes.pagina && changes.pagina > 1) current.set('pagina', String(changes.pagina));
        else if ('pagina' in changes) current.delete('pagina');
        return current;
      },
      { replace: true },
    );

  useEffect(() => {
    if (search.trim() === filters.search) return;
    const timer = window.setTimeout(() => go({ busca: search.trim() }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- debounce on the typed text only
  }, [search]);

  const searchField = (
    <form role="search" aria-label="Buscar usuários" onSubmit={(event) => event.preventDefault()}>
      <TextField id="users-search" label="Buscar usuários" placeholder="Nome ou e-mail" value={search} onChange={(event) => setSearch(event.target.value)} />
    </form>
  );
  const view = (id: string | null) =>
    setParams(
      (current) => {
        if (id) current.set('usuario', id);
        else current.delete('usuario');
        return current;
      },
      { replace: true },
    );

  useEffect(() => {
    if (isError) toast.error('Erro ao carregar usuários');
  }, [isError]);

  if (isPending) return <UsersSkeleton label="Carregando usuários..." />;
  if (isError) {
    return (
      <div className={styles.form}>
        <Alert variant="danger" className={styles.error}>Erro ao carregar usuários</Alert>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  if (data.items.length === 0) {
    return (
      <>
        {searchField}
        <p className={styles.muted}>Nenhum usuário encontrado</p>
      </>
    );
  }
  return (
    <>
    {searchField}
    <ul className={styles.list} aria-label="Usuários" data-testid="admin-user-list">
      {data.items.map((user) => (
        <li key={user.id} className={styles.row}>
          <span className={styles.avatar} aria-hidden="true">
            {initialsOf(user.fullName, user.email)}
          </span>
          <div className={styles.who}>
            <p className={styles.name}>
              {user.fullName ?? 'Nome não definido'} <Badge variant={ROLE_VARIANTS[user.role]}>{ROLE_LABELS[user.role]}</Badge>
            </p>
            <p className={styles.meta}>{user.email}</p>
          </div>
          <p className={styles.meta}>
            Criado em <time dateTime={user.createdAt}>{date.format(new Date(user.createdAt))}</time>
          </p>
          <UserRowActions user={user} onView={view} />
        </li>
      ))}
    </ul>
    <Pagination page={data.page} pageCount={pageCount} onPageChange={(page) => go({ pagina: page })} label="Páginas de usuários" />
    <UserDetailsDialog userId={viewing} onClose={() => view(null)} />
    </>
  );
}
