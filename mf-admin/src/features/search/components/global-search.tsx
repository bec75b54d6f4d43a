/**
 * The panel's global search (admin.md 2): the term is sent 300 ms after the last keystroke and
 * only from 2 characters on; results show grouped by type (Produtos, Pedidos, Usuários) as links;
 * 'Nenhum resultado encontrado' when there is none (or the search failed). Escape or a chosen
 * link closes the results; focus leaving the search closes them too.
 */
import { Search } from 'lucide-react';
import { useId, useState, type FocusEvent } from 'react';
import { Link } from '@prata/shared-ui/router';
import { useDebounce } from 'use-debounce';
import { GLOBAL_SEARCH_DEBOUNCE_MS, GLOBAL_SEARCH_MIN_LENGTH } from '@prata/contracts';
import { Input, Spinner } from '@prata/shared-ui';
import { useGlobalSearch } from '../api/global-search.ts';
import { RESULT_GROUPS, searchResultHref } from './search-links.ts';
import styles from './search.module.css';

export function GlobalSearch() {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [term] = useDebounce(text.trim(), GLOBAL_SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useGlobalSearch(term);
  const ready = term.length >= GLOBAL_SEARCH_MIN_LENGTH && text.trim() === term;
  const results = ready ? (data ?? []) : [];
  const close = () => setOpen(false);
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };

  return (
    <div className={styles.search} onBlur={onBlur} onKeyDown={(event) => event.key === 'Escape' && close()}>
      <label htmlFor={`${id}-input`} className="p9-visually-hidden">
        Buscar no painel
      </label>
      <Search size={16} className={styles.icon} aria-hidden="true" />
      <Input
        id={`${id}-input`}
        type="search"
        className={styles.input}
        placeholder="Buscar produtos, pedidos, usuários..."
        autoComplete="off"
        value={text}
        aria-controls={open && ready ? `${id}-results` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
      />
      {open && ready ? (
        <div id={`${id}-results`} className={styles.results} role="region" aria-label="Resultados da busca" aria-live="polite" data-testid="global-search-results">
          {isFetching && !data ? (
            <Spinner size="sm" label="Buscando..." showLabel />
          ) : results.length === 0 ? (
            <p className={styles.empty}>Nenhum resultado encontrado</p>
          ) : (
            RESULT_GROUPS.filter((group) => results.some((result) => result.type === group.type)).map((group) => (
              <section key={group.type} aria-labelledby={`${id}-${group.type}`} className={styles.group}>
                <h2 id={`${id}-${group.type}`} className={styles.groupTitle}>
                  {group.label}
                </h2>
                <ul className={styles.list}>
                  {results
                    .filter((result) => result.type === group.type)
                    .map((result) => (
                      <li key={`${result.type}-${result.id}`}>
                        <Link
                          to={searchResultHref(result)}
                          className={styles.result}
                          onClick={() => {
                            close();
                            setText('');
                          }}
                        >
                          <span className={styles.title}>{result.title}</span>
                          <span className={styles.subtitle}>{result.subtitle}</span>
                        </Link>
                      </li>
                    ))}
                </ul>
              </section>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
