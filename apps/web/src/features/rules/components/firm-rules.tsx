import type { RuleDto } from '@ledgerdesk/domain/api/rules-endpoints';
import { useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useRules } from '../api/rules-api';
import { draftOf, newDraft, type RuleDraft } from './rule-draft';
import { RuleForm } from './rule-form';
import { RuleSection } from './rule-list';

type Editing = { draft: RuleDraft; rule?: RuleDto } | null;

/**
 * The firm's rules on the Firm screen (decision 025): owners add, change, reorder, switch off and delete them; members
 * see them read-only. The same list and form as /rules.
 */
export function FirmRules() {
  const rules = useRules();
  const [editing, setEditing] = useState<Editing>(null);
  if (rules.isPending) return <Skeleton className="h-16 w-full" />;
  if (rules.isError)
    return (
      <p role="alert" className="text-danger">
        Could not load the firm’s rules: {rules.error.message}
      </p>
    );
  const { hasFirm, canManageFirmRules, firm } = rules.data;
  if (!hasFirm) return null;
  return (
    <>
      {editing ? (
        <RuleForm
          key={editing.rule?.id ?? 'new-firm'}
          initial={editing.draft}
          rule={editing.rule}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <RuleSection
        title="Firm rules"
        scope="firm"
        rules={firm}
        canEdit={canManageFirmRules}
        onEdit={(rule) => setEditing({ draft: draftOf(rule), rule })}
        onCreate={canManageFirmRules && !editing ? () => setEditing({ draft: newDraft('firm') }) : undefined}
        note={
          canManageFirmRules
            ? 'Firm rules act only on mailboxes shared with the firm, after each person’s own rules.'
            : 'Firm rules act on mailboxes shared with the firm. Only owners can change them.'
        }
        empty={<p className="py-4 text-center text-[13px] text-muted">The firm has no rules yet.</p>}
      />
    </>
  );
}
