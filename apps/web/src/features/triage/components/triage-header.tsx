import type { CustomFilter } from '@ledgerdesk/domain/entities';
import type { TypeTab } from '@ledgerdesk/domain/triage/type-tabs';
import { Check, Minus } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import type { ComponentProps, ReactNode, RefObject } from 'react';
import { FilterChips, FiltersButton } from './filter-chips';
import { FilterTabs } from './filter-tabs';
import { HeaderToolbar } from './header-toolbar';
import { SearchBox } from './search-box';

type TriageHeaderProps = ComponentProps<typeof HeaderToolbar> & {
  title: string;
  total: number | null;
  search: string;
  onSearchChange: (value: string) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  tab: TypeTab;
  onTabChange: (tab: TypeTab) => void;
  filters: CustomFilter[];
  onAddFilter: (filter: CustomFilter) => void;
  onRemoveFilter: (filter: CustomFilter) => void;
  selectAll: boolean | 'indeterminate';
  onToggleSelectAll: () => void;
  canSelect: boolean;
  /** The integrations feature's slot: connection badge, manual sync and token buttons (issue 5). */
  extras?: ReactNode;
};

/** The fixed triage header of spec §2. */
export function TriageHeader(props: TriageHeaderProps) {
  const { title, total } = props;
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
        <SearchBox value={props.search} onChange={props.onSearchChange} inputRef={props.searchRef} />
        <div
          className="flex flex-1 flex-wrap items-center justify-end gap-2"
          data-slot="triage-header-extras"
        >
          {props.extras}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 pb-1.5">
        <div className="flex max-w-full min-w-0 items-center gap-2 overflow-x-auto [scrollbar-width:none]">
          <Checkbox.Root
            checked={props.selectAll}
            onCheckedChange={props.onToggleSelectAll}
            disabled={!props.canSelect}
            aria-label="Select all threads in view"
            className="mr-1 ml-0 flex size-4 shrink-0 items-center justify-center rounded border border-subtle bg-surface disabled:opacity-40 data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=indeterminate]:border-accent data-[state=indeterminate]:bg-accent"
          >
            <Checkbox.Indicator>
              {props.selectAll === 'indeterminate' ? (
                <Minus className="size-3 text-accent-fg" strokeWidth={3} />
              ) : (
                <Check className="size-3 text-accent-fg" strokeWidth={3} />
              )}
            </Checkbox.Indicator>
          </Checkbox.Root>
          <FilterTabs value={props.tab} onChange={props.onTabChange} />
        </div>
        <span aria-hidden className="mx-1 hidden h-4 w-px bg-border md:block" />
        <FiltersButton />
        <FilterChips filters={props.filters} onAdd={props.onAddFilter} onRemove={props.onRemoveFilter} />
        <div className="ml-auto">
          <HeaderToolbar {...props} />
        </div>
      </div>
    </header>
  );
}
