import { Check, Minus } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { FilterChips, FiltersButton } from './filter-chips';
import { FilterTabs } from './filter-tabs';
import { HeaderToolbar } from './header-toolbar';
import { SearchBox } from './search-box';
import { useTriageScreen } from './triage-screen-context';

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
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 pb-1.5">
        <div className="flex max-w-full min-w-0 items-center gap-2 overflow-x-auto [scrollbar-width:none]">
          <Checkbox.Root
            checked={checked.selectAll}
            onCheckedChange={checked.toggleAll}
            disabled={groups.length === 0}
            aria-label="Select all threads in view"
            className="mr-1 ml-0 flex size-4 shrink-0 items-center justify-center rounded border border-subtle bg-surface disabled:opacity-40 data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=indeterminate]:border-accent data-[state=indeterminate]:bg-accent"
          >
            <Checkbox.Indicator>
              {checked.selectAll === 'indeterminate' ? (
                <Minus className="size-3 text-accent-fg" strokeWidth={3} />
              ) : (
                <Check className="size-3 text-accent-fg" strokeWidth={3} />
              )}
            </Checkbox.Indicator>
          </Checkbox.Root>
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
