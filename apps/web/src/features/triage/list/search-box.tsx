import {
  parseSearchQuery,
  type SearchSuggestion,
  searchSuggestions,
} from '@ledgerdesk/domain/triage/search-operators';
import { SEARCH_PLACEHOLDER } from '@ledgerdesk/domain/triage/triage-page-texts';
import { Search, X } from 'lucide-react';
import { memo, type RefObject, useId, useState } from 'react';
import { shortcutKey } from '../utils/shortcuts';
import { useDebouncedValue } from './use-debounced-value';

type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
};

/** How long a search must rest before a bad operator value is pointed out (not while it is being typed). */
const ERROR_DELAY_MS = 600;

/** The search with its last word replaced by a suggestion, ready for the next word. */
function withSuggestion(value: string, suggestion: SearchSuggestion): string {
  const head = value.replace(/\S+$/, '');
  return `${head}${suggestion.insert}${suggestion.insert.endsWith(':') ? '' : ' '}`;
}

/**
 * The list search ("Search items..."): `/` focuses it, Escape closes the suggestions, then clears it, then
 * leaves it. Search operators (from:, is:unread, …) are suggested as they are typed (a listbox tied to the box
 * by aria-controls and aria-activedescendant: arrows move, Enter or Tab takes one; the box stays a searchbox),
 * and a bad operator value is said under the box.
 */
export const SearchBox = memo(function SearchBox({ value, onChange, inputRef }: SearchBoxProps) {
  const listId = useId();
  const errorId = useId();
  const [active, setActive] = useState(0);
  const [isDismissed, setIsDismissed] = useState(false);
  const suggestions = isDismissed ? [] : searchSuggestions(value);
  const isOpen = suggestions.length > 0;
  const settled = useDebouncedValue(value, ERROR_DELAY_MS);
  const parsed = parseSearchQuery(settled);
  const error = !parsed.ok && settled === value ? parsed.error : null;
  const activeIndex = Math.min(active, suggestions.length - 1);

  const change = (next: string) => {
    setActive(0);
    setIsDismissed(false);
    onChange(next);
  };
  const take = (suggestion: SearchSuggestion) => {
    change(withSuggestion(value, suggestion));
    inputRef.current?.focus();
  };

  return (
    <div className="relative order-last w-full min-w-40 md:order-none md:w-auto md:max-w-72 md:flex-1">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle"
      />
      <input
        ref={inputRef}
        type="search"
        name="search"
        value={value}
        onChange={(event) => change(event.target.value)}
        onBlur={() => setIsDismissed(true)}
        onKeyDown={(event) => {
          if (isOpen && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setActive((activeIndex + step + suggestions.length) % suggestions.length);
            return;
          }
          const chosen = suggestions[activeIndex];
          if (isOpen && chosen && (event.key === 'Enter' || event.key === 'Tab')) {
            event.preventDefault();
            take(chosen);
            return;
          }
          if (event.key !== 'Escape') return;
          event.preventDefault();
          if (isOpen) setIsDismissed(true);
          else if (value) change('');
          else event.currentTarget.blur();
        }}
        placeholder={SEARCH_PLACEHOLDER}
        aria-label="Search items"
        aria-keyshortcuts={shortcutKey('search')}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={isOpen ? `${listId}-${activeIndex}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="h-8 w-full rounded-md border border-border bg-surface pr-12 pl-8 text-[13px] text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-danger [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            change('');
            inputRef.current?.focus();
          }}
          className="absolute top-1/2 right-1 flex size-6 -translate-y-1/2 items-center justify-center rounded text-muted hover:bg-hover"
        >
          <X className="size-3.5" />
        </button>
      ) : (
        <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-border px-1 font-mono text-[11px] text-muted">
          /
        </kbd>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label="Search operators"
        hidden={!isOpen}
        className="absolute top-full right-0 left-0 z-30 mt-1 overflow-hidden rounded-md border border-border bg-surface py-1 shadow-lg"
      >
        {suggestions.map((suggestion, index) => (
          <div
            key={suggestion.insert}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === activeIndex}
            // Keep focus in the box: the option is taken on mouse down, before the input would blur.
            onMouseDown={(event) => {
              event.preventDefault();
              take(suggestion);
            }}
            className="flex cursor-pointer items-baseline justify-between gap-3 px-3 py-1.5 text-[13px] aria-selected:bg-accent-soft"
          >
            <span className="font-mono text-fg">{suggestion.label}</span>
            <span className="truncate text-xs text-muted">{suggestion.hint}</span>
          </div>
        ))}
      </div>
      {error ? (
        <p
          id={errorId}
          role="status"
          className="absolute top-full right-0 left-0 z-20 mt-1 rounded-md border border-danger/40 bg-danger-soft px-2 py-1 text-xs text-danger"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
});
