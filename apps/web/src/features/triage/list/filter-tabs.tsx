import { TYPE_TABS, type TypeTab } from '@ledgerdesk/domain/triage/type-tabs';
import { memo } from 'react';
import { ChoiceGroup } from '../../../components/ui/choice-group';

const CHOICES = TYPE_TABS.map((tab) => ({
  value: tab.id,
  data: { 'data-tab-id': tab.id },
  content: (
    <>
      {tab.label}
      <span className="rounded-full bg-surface-2 px-1.5 text-[11px] leading-4 text-muted tabular-nums">
        {tab.sampleCount}
      </span>
    </>
  ),
}));

/** The type tabs with the spec's fixed sample counts (6, 3, 2, 2, 4). */
export const FilterTabs = memo(function FilterTabs({
  value,
  onChange,
}: {
  value: TypeTab;
  onChange: (tab: TypeTab) => void;
}) {
  return (
    <ChoiceGroup
      label="Filter by type"
      value={value}
      choices={CHOICES}
      onChange={onChange}
      className="flex shrink-0 items-center gap-0.5"
      itemClassName="inline-flex h-7 shrink-0 items-center gap-1.5 rounded-md px-2 whitespace-nowrap text-[13px] font-medium text-muted hover:bg-hover hover:text-fg data-[state=on]:bg-accent-soft data-[state=on]:text-fg"
    />
  );
});
