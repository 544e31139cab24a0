import type { RuleScope } from '@ledgerdesk/domain/rules/rule-types';
import { useFirm } from '../../../lib/firm-query';
import { useIntegrations } from '../../../lib/integrations-query';
import { SAMPLE_WORK_ITEMS } from '../../../lib/sample-work-items';
import { useClientOrganisations } from '../api/rules-api';

export type Choice = { value: string; label: string };

/** What the rule form's pickers offer, from lists the API already gives the rest of the app. */
export type RuleChoices = {
  clients: Choice[];
  /** Personal rules: one's own mailboxes and those shared with the firm; firm rules: the shared ones only. */
  mailboxes: Choice[];
  members: Choice[];
  /** The work items "Add to work" files threads to in triage. */
  workItems: Choice[];
};

export function useRuleChoices(scope: RuleScope): RuleChoices {
  const clients = useClientOrganisations();
  const integrations = useIntegrations();
  const firm = useFirm().data?.firm ?? null;
  const shared = (firm?.sharedMailboxes ?? []).map((mailbox) => ({
    value: mailbox.integrationId,
    label: `${mailbox.emailAddress} (shared by ${mailbox.ownerName})`,
  }));
  const own =
    scope === 'personal'
      ? (integrations.data ?? [])
          .filter((mailbox) => !shared.some((choice) => choice.value === mailbox.id))
          .map((mailbox) => ({ value: mailbox.id, label: mailbox.emailAddress }))
      : [];
  return {
    clients: (clients.data ?? []).map((organisation) => ({
      value: organisation.id,
      label: organisation.name,
    })),
    mailboxes: [...own, ...shared],
    members: (firm?.members ?? []).map((member) => ({
      value: member.userId,
      label: `${member.name} (${member.email})`,
    })),
    workItems: SAMPLE_WORK_ITEMS.map((item) => ({ value: item.id, label: item.title })),
  };
}

const pickerClass =
  'h-9 w-auto min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring';

/**
 * A labelled choice from a list (a native select: arrow keys, type-ahead, Enter). A saved value the list no
 * longer holds (a client deleted, a member gone) stays chosen and says so, rather than silently becoming another.
 */
export function Picker({
  label,
  placeholder,
  choices,
  value,
  invalid,
  onChange,
}: {
  label: string;
  placeholder: string;
  choices: readonly Choice[];
  value: string;
  invalid?: boolean;
  onChange: (value: string) => void;
}) {
  const missing = value !== '' && !choices.some((choice) => choice.value === value);
  return (
    <select
      aria-label={label}
      aria-invalid={invalid ? true : undefined}
      className={pickerClass}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{placeholder}</option>
      {missing ? <option value={value}>No longer available</option> : null}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
