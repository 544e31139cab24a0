import type { CustomFilter, CustomFilterType } from '@ledgerdesk/domain/entities';
import { CUSTOM_FILTER_TYPES, customFilterLabel } from '@ledgerdesk/domain/triage/custom-filter';
import { FILTERS_PLACEHOLDER } from '@ledgerdesk/domain/triage/triage-page-texts';
import { Plus, SlidersHorizontal, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type FormEvent, memo, useState } from 'react';
import { Button } from '../../../components/ui/button';

const POPOVER_CLASS = 'z-50 rounded-lg border border-border bg-surface p-3 text-[13px] shadow-lg';

/** The Filters button: spec §2 says it only shows its placeholder text. */
export const FiltersButton = memo(function FiltersButton() {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button size="sm" variant="ghost">
          <SlidersHorizontal />
          Filters
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content sideOffset={6} align="start" className={`${POPOVER_CLASS} w-72 text-muted`}>
          {FILTERS_PLACEHOLDER}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});

const FILTER_PLACEHOLDERS: Record<CustomFilterType, string> = {
  sender: 'name@client.com',
  tag: 'tax-return',
  assignee: 'Jamie',
  client: 'Northgate Dental',
};

/** The custom filter chips ("type: value", removable) and a small form to add one. */
export const FilterChips = memo(function FilterChips({
  filters,
  onAdd,
  onRemove,
}: {
  filters: CustomFilter[];
  onAdd: (filter: CustomFilter) => void;
  onRemove: (filter: CustomFilter) => void;
}) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-1.5">
      {filters.map((filter) => {
        const label = customFilterLabel(filter);
        return (
          <span
            key={label}
            className="inline-flex h-7 items-center gap-1 rounded-full border border-border bg-surface-2 pr-0.5 pl-2.5 text-[12px] text-fg"
          >
            {label}
            <button
              type="button"
              aria-label={`Remove filter ${label}`}
              onClick={() => onRemove(filter)}
              className="flex size-6 items-center justify-center rounded-full text-muted hover:bg-hover hover:text-fg"
            >
              <X className="size-3" />
            </button>
          </span>
        );
      })}
      <AddFilter onAdd={onAdd} />
    </div>
  );
});

function AddFilter({ onAdd }: { onAdd: (filter: CustomFilter) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const [type, setType] = useState<CustomFilterType>('sender');
  const [value, setValue] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) return;
    onAdd({ type, value: value.trim() });
    setValue('');
    setIsOpen(false);
  }
  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger asChild>
        <Button size="sm" variant="ghost" className="h-6 px-1.5 text-muted">
          <Plus />
          Add filter
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content sideOffset={6} align="start" className={`${POPOVER_CLASS} w-72`}>
          <form onSubmit={submit} className="flex flex-col gap-2">
            <label className="flex flex-col gap-1 font-medium">
              Filter type
              <select
                name="filter-type"
                value={type}
                onChange={(event) => setType(event.target.value as CustomFilterType)}
                className="h-8 rounded-md border border-border bg-surface px-2 font-normal"
              >
                {CUSTOM_FILTER_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 font-medium">
              Value
              <input
                name="filter-value"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                placeholder={FILTER_PLACEHOLDERS[type]}
                className="h-8 rounded-md border border-border bg-surface px-2 font-normal placeholder:text-subtle"
              />
            </label>
            <Button type="submit" size="sm" variant="primary" disabled={!value.trim()} className="self-end">
              Add filter
            </Button>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
