/**
 * Header search bar (storefront.md 2 "Search bar"): a combobox whose suggestions come
 * from the catalogue (`GET /api/products/suggestions`, asked
 * {@link SEARCH_SUGGESTIONS_DEBOUNCE_MS} ms after the last keystroke): up to 6 product names, then
 * the matching categories, accents, case and a typo tolerated; shown while the text is non-blank
 * and the catalogue suggests something. Choosing a product (click, or arrows + Enter) opens its
 * page, a category the catalogue filtered by it; submitting a non-empty trimmed term goes to
 * /produtos?search=term. Either closes and clears the bar and navigates through the navigation
 * transition. Blank input is ignored. Escape clears the text, or closes the bar when it is
 * already empty.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useDebounce } from 'use-debounce';
import { SEARCH_SUGGESTIONS_DEBOUNCE_MS } from '@prata/contracts/catalogue';
import { Button, Input, useTransitionNavigate } from '@prata/shared-ui';
import { useProductSuggestions } from './api/get-product-suggestions.ts';
import { searchOptions, searchPath } from './search-suggestions.ts';
import styles from './navigation.module.css';

export function SearchBar({ onDone }: { onDone: () => void }) {
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(-1);
  const go = useTransitionNavigate();
  const listId = useId();
  const [asked] = useDebounce(term.trim(), SEARCH_SUGGESTIONS_DEBOUNCE_MS);
  const { data } = useProductSuggestions(asked);
  const suggestions = term.trim() && asked ? searchOptions(data) : [];
  const open = suggestions.length > 0;

  const goTo = (path: string | null) => {
    if (!path) return;
    setTerm('');
    setActive(-1);
    onDone();
    go(path);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = open && active >= 0 ? suggestions[active] : undefined;
    goTo(chosen ? chosen.path : searchPath(term));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && open) {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (term) {
        setTerm('');
        setActive(-1);
      } else onDone();
    }
  };

  return (
    <form role="search" className={`p9-container ${styles.search}`} onSubmit={onSubmit}>
      <div className={styles.field}>
        <label htmlFor="busca" className="p9-visually-hidden">
          Buscar joias
        </label>
        <Input
          id="busca"
          autoFocus
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder="Buscar anéis, colares, brincos..."
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        {open ? (
          <ul id={listId} role="listbox" aria-label="Sugestões de busca" className={styles.suggestions}>
            {suggestions.map((suggestion, index) => (
              <li
                key={suggestion.key}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? `${styles.suggestion} ${styles.suggestionActive}` : styles.suggestion}
                // Keep the focus in the input so the click lands on the option.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => goTo(suggestion.path)}
              >
                {suggestion.label}
                {suggestion.kind === 'category' ? <span className={styles.kind}> · categoria</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button type="submit">Buscar</Button>
    </form>
  );
}
