import { SEARCH_PLACEHOLDER } from '@ledgerdesk/domain/triage/triage-page-texts';
import { Search, X } from 'lucide-react';
import type { RefObject } from 'react';
import { shortcutKey } from '../utils/shortcuts';

type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
};

/** The list search ("Search items..."): `/` focuses it, Escape clears it, then leaves it. */
export function SearchBox({ value, onChange, inputRef }: SearchBoxProps) {
  return (
    <div className="relative order-last w-full min-w-40 md:order-none md:w-auto md:max-w-72 md:flex-1">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-subtle"
      />
      <input
        ref={inputRef}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          if (value) onChange('');
          else event.currentTarget.blur();
        }}
        placeholder={SEARCH_PLACEHOLDER}
        aria-label="Search items"
        aria-keyshortcuts={shortcutKey('search')}
        className="h-8 w-full rounded-md border border-border bg-surface pr-12 pl-8 text-[13px] text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            onChange('');
            inputRef.current?.focus();
          }}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-0.5 text-muted hover:bg-hover"
        >
          <X className="size-3.5" />
        </button>
      ) : (
        <kbd className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-border px-1 font-mono text-[11px] text-muted">
          /
        </kbd>
      )}
    </div>
  );
}
