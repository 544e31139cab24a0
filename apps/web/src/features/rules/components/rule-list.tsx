import type { RuleDto } from '@ledgerdesk/domain/api/rules-endpoints';
import type { RuleScope } from '@ledgerdesk/domain/rules/rule-types';
import { AlertTriangle, ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../lib/toast';
import { useDeleteRule, useReorderRules, useUpdateRule } from '../api/rules-api';
import { ruleSummary } from './rule-draft';

/** A card of rules in order: each with its summary, how often it matched, on/off, and (editable) move, edit, delete. */
export function RuleSection({
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
  note?: React.ReactNode;
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
          {note ? <div className="text-[13px] text-muted">{note}</div> : null}
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
