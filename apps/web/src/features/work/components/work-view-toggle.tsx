import { Columns3, List } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';

export type WorkView = 'kanban' | 'list';

const OPTIONS: Array<{ value: WorkView; label: string; icon: typeof List }> = [
  { value: 'kanban', label: 'Kanban', icon: Columns3 },
  { value: 'list', label: 'List', icon: List },
];

/** The Kanban / List segmented control. */
export function WorkViewToggle({ value, onChange }: { value: WorkView; onChange: (view: WorkView) => void }) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        // Radix lets a single group be emptied by clicking the active item; a view is always shown.
        if (next) onChange(next as WorkView);
      }}
      aria-label="View"
      className="inline-flex h-8 items-center rounded-md border border-border bg-surface-2 p-0.5"
    >
      {OPTIONS.map(({ value: option, label, icon: Icon }) => (
        <ToggleGroup.Item
          key={option}
          value={option}
          aria-label={label}
          className="inline-flex h-full items-center gap-1.5 rounded-[5px] px-2.5 text-[13px] font-medium text-muted hover:text-fg data-[state=on]:bg-surface data-[state=on]:text-fg data-[state=on]:shadow-sm"
        >
          <Icon className="size-4" aria-hidden />
          <span className="hidden sm:inline">{label}</span>
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
