import type { CustomFilter } from '@ledgerdesk/domain/entities';
import { pageTitle } from '@ledgerdesk/domain/shell/page-title';
import { customFilterLabel } from '@ledgerdesk/domain/triage/custom-filter';
import { parseSearchQuery } from '@ledgerdesk/domain/triage/search-operators';
import { sharedMailboxIdFromPath, viewFromPath } from '@ledgerdesk/domain/triage/triage-view';
import type { TypeTab } from '@ledgerdesk/domain/triage/type-tabs';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { ListFilter } from '../triage-keys';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 250;

/** What the list shows: the view from the path, the type tab, the (debounced) search and custom filters. */
export function useListFilter() {
  const { pathname } = useLocation();
  const view = viewFromPath(pathname);
  const mailboxId = sharedMailboxIdFromPath(pathname);
  const [tab, setTab] = useState<TypeTab>('all');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<CustomFilter[]>([]);
  const typed = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A search with a bad operator value is not sent (the box says what is wrong); the list keeps the last good one.
  const lastValid = useRef('');
  if (parseSearchQuery(typed).ok) lastValid.current = typed;
  const q = lastValid.current;

  const addFilter = useCallback((filter: CustomFilter) => {
    setFilters((current) =>
      current.some(
        (entry) => customFilterLabel(entry).toLowerCase() === customFilterLabel(filter).toLowerCase(),
      )
        ? current
        : [...current, filter],
    );
  }, []);
  const removeFilter = useCallback((filter: CustomFilter) => {
    setFilters((current) =>
      current.filter((entry) => customFilterLabel(entry) !== customFilterLabel(filter)),
    );
  }, []);

  const filter = useMemo<ListFilter>(
    () => ({ view, mailboxId, tab, q, filters }),
    [view, mailboxId, tab, q, filters],
  );

  return {
    filter,
    title: pageTitle(pathname),
    tab,
    setTab,
    search,
    setSearch,
    filters,
    addFilter,
    removeFilter,
    isFiltered: q !== '' || filters.length > 0 || tab !== 'all',
  };
}
