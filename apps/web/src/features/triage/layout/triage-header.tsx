import { useEffect, useRef } from 'react';
import { FilterChips, FiltersButton } from '../list/filter-chips';
import { FilterTabs } from '../list/filter-tabs';
import { SearchBox } from '../list/search-box';
import { useTriageScreen } from '../triage-screen-context';
import { HeaderToolbar } from './header-toolbar';

/** The fixed triage header of spec §2. */
export function TriageHeader() {
  const { list, threads, groups, checked, searchRef, slots } = useTriageScreen();
  const { title } = list;
  const total = threads.data?.pages[0]?.total ?? null;
  return (
    <header className="shrink-0 border-b border-border bg-surface">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 pt-2.5 pb-2">
        <div className="flex min-w-0 items-baseline gap-2">
          <h1 className="truncate text-lg font-semibold">{title}</h1>
          {total == null ? null : (
            <span className="text-[13px] text-muted tabular-nums" data-testid="item-count">
              {total.toLocaleString()} {total === 1 ? 'item' : 'items'}
            </span>
          )}
        </div>
        <SearchBox value={list.search} onChange={list.setSearch} inputRef={searchRef} />
        <div
          className="flex flex-1 flex-wrap items-center justify-end gap-2"
          data-slot="triage-header-extras"
        >
          {slots.headerExtras}
        </div>
      </div>
      {slots.headerBand ? <div className="px-4 pb-2">{slots.headerBand}</div> : null}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 pb-1.5">
        <div className="flex max-w-full min-w-0 items-center gap-2 overflow-x-auto [scrollbar-width:none]">
          <SelectAllCheckbox
            state={checked.selectAll}
            onToggle={checked.toggleAll}
            isDisabled={groups.length === 0}
          />
          <FilterTabs value={list.tab} onChange={list.setTab} />
        </div>
        <span aria-hidden className="mx-1 hidden h-4 w-px bg-border md:block" />
        <FiltersButton />
        <FilterChips filters={list.filters} onAdd={list.addFilter} onRemove={list.removeFilter} />
        <div className="ml-auto">
          <HeaderToolbar />
        </div>
      </div>
    </header>
  );
}

/** A native checkbox like the rows' own (mixed while some threads are ticked). */
function SelectAllCheckbox(props: {
  state: boolean | 'indeterminate';
  onToggle: () => void;
  isDisabled: boolean;
}) {
  const ref = useRef<HTMLInputElement | null>(null);
  const isMixed = props.state === 'indeterminate';
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = isMixed;
  }, [isMixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={props.state === true}
      onChange={props.onToggle}
      disabled={props.isDisabled}
      aria-label="Select all threads in view"
      className="mr-1 size-4 shrink-0 cursor-pointer accent-accent disabled:cursor-default disabled:opacity-40"
    />
  );
}
