import type { RuleDto } from '@ledgerdesk/domain/api/rules-endpoints';
import { RULE_ACTION_LABELS, type RuleActionKind } from '@ledgerdesk/domain/rules/rule-types';
import { ListFilter, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, Page } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import { useRules } from '../api/rules-api';
import { draftOf, emptyAction, emptyCondition, newDraft, type RuleDraft } from './rule-draft';
import { RuleForm } from './rule-form';
import { RuleSection } from './rule-list';

type Editing = { draft: RuleDraft; rule?: RuleDto } | null;

/**
 * A new rule pre-filled from a message ("Always do this…" in triage): /rules?new=1&from=a@b.com or
 * &domain=b.com, and &action=low_priority when the action just taken is known.
 */
export function draftFromParams(params: URLSearchParams): RuleDraft | null {
  if (params.get('new') !== '1') return null;
  const from = params.get('from')?.trim();
  const domain = params.get('domain')?.trim();
  const action = params.get('action');
  const isAction = action != null && action in RULE_ACTION_LABELS;
  const condition = domain
    ? { ...emptyCondition('from_domain'), value: domain }
    : from
      ? { ...emptyCondition('from_address'), value: from }
      : emptyCondition();
  return newDraft('personal', {
    name: domain ?? from ?? '',
    conditions: [condition],
    actions: isAction ? [emptyAction(action as RuleActionKind)] : [],
  });
}

/** /rules (decision 025): one's personal rules in order, and the firm's rules read-only (owners manage them on /firm). */
export function RulesPage() {
  const rules = useRules();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing>(() => {
    const draft = draftFromParams(params);
    return draft ? { draft } : null;
  });
  const close = () => {
    setEditing(null);
    if (params.get('new')) setParams({}, { replace: true });
  };
  const description =
    'Say once what happens to a kind of mail. Rules run in order, on new mail as it arrives.';

  if (rules.isPending) {
    return (
      <Page title="Rules" description={description}>
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-3" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      </Page>
    );
  }
  if (rules.isError) {
    return (
      <Page title="Rules" description={description}>
        <div className="mx-auto max-w-3xl">
          <p role="alert" className="text-danger">
            Could not load your rules: {rules.error.message}
          </p>
          <Button className="mt-3" onClick={() => void rules.refetch()}>
            Try again
          </Button>
        </div>
      </Page>
    );
  }
  const data = rules.data;
  return (
    <Page
      title="Rules"
      description={description}
      actions={
        editing ? null : (
          <Button variant="primary" onClick={() => setEditing({ draft: newDraft('personal') })}>
            <Plus aria-hidden />
            New rule
          </Button>
        )
      }
    >
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        {editing ? (
          <RuleForm
            key={editing.rule?.id ?? 'new'}
            initial={editing.draft}
            rule={editing.rule}
            onDone={close}
          />
        ) : null}
        <RuleSection
          title="My rules"
          scope="personal"
          rules={data.personal}
          canEdit
          onEdit={(rule) => setEditing({ draft: draftOf(rule), rule })}
          empty={
            <EmptyState
              icon={<ListFilter />}
              title="No rules yet"
              description="A rule files mail for you: newsletters to Low Priority, the bank's statements read and cleared."
            />
          }
        />
        {data.hasFirm ? (
          <RuleSection
            title="Firm rules"
            scope="firm"
            rules={data.firm}
            canEdit={false}
            onEdit={() => {}}
            note={
              <p>
                Firm rules act on mailboxes shared with the firm, after your own rules.{' '}
                <Link to="/firm" className="text-accent underline underline-offset-2">
                  {data.canManageFirmRules ? 'Manage them on the Firm screen' : 'See them on the Firm screen'}
                </Link>
              </p>
            }
            empty={<p className="py-4 text-center text-[13px] text-muted">The firm has no rules yet.</p>}
          />
        ) : null}
      </div>
    </Page>
  );
}
