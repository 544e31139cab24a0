import { Columns3, List } from 'lucide-react';
import { ChoiceGroup } from '../../../components/ui/choice-group';

export type WorkView = 'kanban' | 'list';

const CHOICES = [
  { value: 'kanban' as const, label: 'Kanban', icon: Columns3 },
  { value: 'list' as const, label: 'List', icon: List },
].map(({ value, label, icon: Icon }) => ({
  value,
  label,
  content: (
    <>
      <Icon className="size-4" aria-hidden />
      <span className="hidden sm:inline">{label}</span>
    </>
  ),
}));

/** The Kanban / List segmented control. */
export function WorkViewToggle({ value, onChange }: { value: WorkView; onChange: (view: WorkView) => void }) {
  return (
    <ChoiceGroup
      label="View"
      value={value}
      choices={CHOICES}
      onChange={onChange}
      className="inline-flex h-8 items-center rounded-md border border-border bg-surface-2 p-0.5"
      itemClassName="inline-flex h-full items-center gap-1.5 rounded-[5px] px-2.5 text-[13px] font-medium text-muted hover:text-fg data-[state=on]:bg-surface data-[state=on]:text-fg data-[state=on]:shadow-sm"
    />
  );
}
