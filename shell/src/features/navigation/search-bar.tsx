/**
 * Header search bar (storefront.md 2 "Search bar"): a combobox whose suggestions (fixed jewelry
 * categories, case-insensitive substring, first 5) show while the text is non-empty. Submitting
 * a non-empty trimmed term, or choosing a suggestion (click, or arrows + Enter), closes and
 * clears the bar and goes to /produtos?search=term through the navigation transition. Blank
 * input is ignored. Escape clears the text, or closes the bar when it is already empty.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Input, useTransitionNavigate } from '@prata/shared-ui';
import { searchPath, searchSuggestions } from './search-suggestions.ts';
import styles from './navigation.module.css';

export function SearchBar({ onDone }: { onDone: () => void }) {
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(-1);
  const go = useTransitionNavigate();
  const listId = useId();
  const suggestions = searchSuggestions(term);
  const open = suggestions.length > 0;

  const search = (value: string) => {
    const path = searchPath(value);
    if (!path) return;
    setTerm('');
    setActive(-1);
    onDone();
    go(path);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = open && active >= 0 ? suggestions[active] : undefined;
    search(chosen ?? term);
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
                key={suggestion}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? `${styles.suggestion} ${styles.suggestionActive}` : styles.suggestion}
                // Keep the focus in the input so the click lands on the option.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => search(suggestion)}
              >
                {suggestion}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Button type="submit">Buscar</Button>
    </form>
  );
}
