import type { RuleDto } from '@ledgerdesk/domain/api/rules-endpoints';
import { RULE_ACTION_LABELS, type RuleActionKind, type RuleScope } from '@ledgerdesk/domain/rules/rule-types';
import { AlertTriangle, ArrowDown, ArrowUp, ListFilter, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState, Page } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../lib/toast';
import { useDeleteRule, useReorderRules, useRules, useUpdateRule } from '../api/rules-api';
import { draftOf, emptyAction, emptyCondition, newDraft, type RuleDraft, ruleSummary } from './rule-draft';
import { RuleForm } from './rule-form';

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

/** /rules (issue 31): one's personal rules in order, and the firm's rules (managed by its owners). */
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
            canEdit={data.canManageFirmRules}
            onEdit={(rule) => setEditing({ draft: draftOf(rule), rule })}
            onCreate={
              data.canManageFirmRules && !editing ? () => setEditing({ draft: newDraft('firm') }) : undefined
            }
            note={
              data.canManageFirmRules
                ? 'Firm rules act only on mailboxes shared with the firm, after each person’s own rules.'
                : 'Firm rules act on mailboxes shared with the firm. Only owners can change them.'
            }
            empty={<p className="py-4 text-center text-[13px] text-muted">The firm has no rules yet.</p>}
          />
        ) : null}
      </div>
    </Page>
  );
}

function RuleSection({
  title,
  scope,
  rules,
  canEdit,
  onEdit,
  onCreate,
  note,
  empty,
}: {
  title: string;
  scope: RuleScope;
  rules: RuleDto[];
  canEdit: boolean;
  onEdit: (rule: RuleDto) => void;
  onCreate?: () => void;
  note?: string;
  empty: React.ReactNode;
}) {
  const reorder = useReorderRules();
  const move = (index: number, by: -1 | 1) => {
    const ids = rules.map((rule) => rule.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved as string);
    reorder.mutate(
      { scope, ids },
      { onError: (error) => toast.error('Could not reorder the rules', { description: error.message }) },
    );
  };
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <div>
          <CardTitle>{title}</CardTitle>
          {note ? <p className="text-[13px] text-muted">{note}</p> : null}
        </div>
        {onCreate ? (
          <Button size="sm" variant="outline" onClick={onCreate}>
            <Plus aria-hidden />
            New firm rule
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {rules.length === 0 ? (
          empty
        ) : (
          <ol className="divide-y divide-border" aria-label={title}>
            {rules.map((rule, index) => (
              <RuleRow
                key={rule.id}
                rule={rule}
                canEdit={canEdit}
                onEdit={() => onEdit(rule)}
                onMoveUp={index > 0 && !reorder.isPending ? () => move(index, -1) : undefined}
                onMoveDown={index < rules.length - 1 && !reorder.isPending ? () => move(index, 1) : undefined}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function matchedText(rule: RuleDto): string {
  if (rule.matchCount === 0) return 'Not matched yet';
  const times = `Matched ${rule.matchCount} ${rule.matchCount === 1 ? 'time' : 'times'}`;
  return rule.lastMatchedAt ? `${times}, last ${new Date(rule.lastMatchedAt).toLocaleString()}` : times;
}

function RuleRow({
  rule,
  canEdit,
  onEdit,
  onMoveUp,
  onMoveDown,
}: {
  rule: RuleDto;
  canEdit: boolean;
  onEdit: () => void;
  onMoveUp?: () => void;
  onMoveDown?: () => void;
}) {
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const toggle = () =>
    update.mutate(
      { id: rule.id, patch: { isEnabled: !rule.isEnabled } },
      { onError: (error) => toast.error('Could not change the rule', { description: error.message }) },
    );
  const del = () =>
    remove.mutate(rule.id, {
      onSuccess: () => toast.success('Rule deleted', { description: rule.name }),
      onError: (error) => toast.error('Could not delete the rule', { description: error.message }),
    });
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start" data-testid="rule-row">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {rule.name}
          {rule.stopHere ? <span className="ml-2 text-[12px] font-normal text-muted">stops here</span> : null}
        </p>
        <p className="text-[13px] break-words text-muted">{ruleSummary(rule)}</p>
        <p className="text-[12px] text-muted">{matchedText(rule)}</p>
        {rule.disabledReason ? (
          <p role="status" className="mt-1 flex items-center gap-1.5 text-[13px] text-danger">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            {rule.disabledReason}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-1">
        <button
          type="button"
          role="switch"
          aria-checked={rule.isEnabled}
          aria-label={`Rule '${rule.name}' on`}
          disabled={!canEdit || update.isPending}
          onClick={toggle}
          className="relative inline-flex h-5 w-9 items-center rounded-full border border-border bg-surface-2 transition-colors focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60 aria-checked:bg-accent"
        >
          <span
            aria-hidden
            className={`inline-block size-3.5 rounded-full shadow transition-transform ${rule.isEnabled ? 'translate-x-4 bg-accent-fg' : 'translate-x-0.5 bg-fg'}`}
          />
        </button>
        {canEdit ? (
          <>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={`Move '${rule.name}' up`}
              disabled={!onMoveUp}
              onClick={onMoveUp}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={`Move '${rule.name}' down`}
              disabled={!onMoveDown}
              onClick={onMoveDown}
            >
              <ArrowDown aria-hidden />
            </Button>
            <Button size="icon-sm" variant="ghost" aria-label={`Edit '${rule.name}'`} onClick={onEdit}>
              <Pencil aria-hidden />
            </Button>
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label={`Delete '${rule.name}'`}
              disabled={remove.isPending}
              onClick={del}
            >
              <Trash2 aria-hidden />
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
