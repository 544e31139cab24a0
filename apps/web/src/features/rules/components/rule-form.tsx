import type { RuleDto, RulePreviewResponse } from '@ledgerdesk/domain/api/rules-endpoints';
import {
  RULE_ACTION_LABELS,
  RULE_ACTIONS_MAX,
  RULE_CONDITIONS_MAX,
  RULE_NAME_MAX_LENGTH,
  type RuleActionKind,
  type RuleConditionKind,
  type RuleHeader,
} from '@ledgerdesk/domain/rules/rule-types';
import { Eye, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import {
  useApplyRule,
  useCreateRule,
  usePreviewRule,
  useUndoRuleAction,
  useUpdateRule,
} from '../api/rules-api';
import {
  ACTION_KINDS,
  type ActionDraft,
  CONDITION_KINDS,
  CONDITION_LABELS,
  type ConditionDraft,
  checkDraft,
  type DraftErrors,
  emptyAction,
  emptyCondition,
  RULE_HEADERS,
  type RuleDraft,
} from './rule-draft';
import { Picker, type RuleChoices, useRuleChoices } from './rule-pickers';

const selectClass =
  'h-9 rounded-md border border-border bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The new-rule and edit-rule form (decision 025): name, all/any, condition and action rows, stop here, on/off.
 * Checked with the domain's schema (the server's messages) before Preview or Save; Preview shows the server's
 * count and threads, and then "Also apply to these now" runs the saved rule over them once, with one Undo.
 */
export function RuleForm({
  initial,
  rule,
  onDone,
}: {
  initial: RuleDraft;
  /** The rule being edited; absent for a new rule. */
  rule?: RuleDto;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<RuleDraft>(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [preview, setPreview] = useState<RulePreviewResponse | null>(null);
  const [applyNow, setApplyNow] = useState(false);
  const previewRule = usePreviewRule();
  const create = useCreateRule();
  const update = useUpdateRule();
  const apply = useApplyRule();
  const undo = useUndoRuleAction();
  const formId = useId();
  const choices = useRuleChoices(draft.scope);

  const change = (next: Partial<RuleDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setPreview(null);
    setApplyNow(false);
  };
  const setCondition = (index: number, next: Partial<ConditionDraft>) =>
    change({ conditions: draft.conditions.map((row, i) => (i === index ? { ...row, ...next } : row)) });
  const setAction = (index: number, next: Partial<ActionDraft>) =>
    change({ actions: draft.actions.map((row, i) => (i === index ? { ...row, ...next } : row)) });

  const checked = () => {
    const result = checkDraft(draft);
    setErrors(result.errors ?? {});
    return result.body;
  };

  const runPreview = () => {
    const body = checked();
    if (!body) return;
    previewRule.mutate(body, {
      onSuccess: setPreview,
      onError: (error) => toast.error('Could not preview the rule', { description: error.message }),
    });
  };

  const applySaved = (saved: RuleDto) => {
    apply.mutate(saved.id, {
      onSuccess: (answer) => {
        const actionId = answer.actionId;
        const threads = `${answer.threadCount} ${answer.threadCount === 1 ? 'thread' : 'threads'}`;
        if (!actionId) {
          toast.info(`Rule '${saved.name}' saved; nothing to change now`);
          return;
        }
        toast.success(`Rule '${saved.name}' applied to ${threads}`, {
          action: {
            label: 'Undo',
            onClick: () =>
              undo.mutate(actionId, {
                onSuccess: () => toast.success('Undone'),
                onError: (error) => toast.error('Could not undo', { description: error.message }),
              }),
          },
        });
      },
      onError: (error) => toast.error('Saved, but could not apply it now', { description: error.message }),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = checked();
    if (!body) return;
    const onSaved = (saved: RuleDto) => {
      if (applyNow && preview && preview.count > 0) applySaved(saved);
      else toast.success(rule ? 'Rule saved' : 'Rule created', { description: saved.name });
      onDone();
    };
    const onError = (error: Error) => toast.error('Could not save the rule', { description: error.message });
    if (rule) {
      const { scope: _scope, ...patch } = body;
      update.mutate({ id: rule.id, patch }, { onSuccess: onSaved, onError });
    } else {
      create.mutate(body, { onSuccess: onSaved, onError });
    }
  };

  const saving = create.isPending || update.isPending;
  const title = rule ? `Edit rule '${rule.name}'` : draft.scope === 'firm' ? 'New firm rule' : 'New rule';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label={title} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${formId}-name`}>Name</Label>
            <Input
              id={`${formId}-name`}
              value={draft.name}
              maxLength={RULE_NAME_MAX_LENGTH + 1}
              placeholder="Newsletters"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${formId}-name-error` : undefined}
              onChange={(event) => change({ name: event.target.value })}
            />
            <FieldError id={`${formId}-name-error`} message={errors.name} />
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Conditions</legend>
            <div className="flex items-center gap-2 text-[13px]">
              <label htmlFor={`${formId}-match`}>Match</label>
              <select
                id={`${formId}-match`}
                className={selectClass}
                value={draft.match}
                onChange={(event) => change({ match: event.target.value as 'all' | 'any' })}
              >
                <option value="all">all of these</option>
                <option value="any">any of these</option>
              </select>
            </div>
            {draft.conditions.map((condition, index) => (
              <ConditionRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
                key={index}
                index={index}
                condition={condition}
                choices={choices}
                error={errors[`conditions.${index}`]}
                onChange={(next) => setCondition(index, next)}
                onRemove={
                  draft.conditions.length > 1
                    ? () => change({ conditions: draft.conditions.filter((_, i) => i !== index) })
                    : undefined
                }
              />
            ))}
            <FieldError message={errors.conditions} />
            <div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={draft.conditions.length >= RULE_CONDITIONS_MAX}
                onClick={() => change({ conditions: [...draft.conditions, emptyCondition()] })}
              >
                <Plus aria-hidden />
                Add condition
              </Button>
            </div>
          </fieldset>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Actions</legend>
            {draft.actions.map((action, index) => (
              <ActionRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
                key={index}
                index={index}
                action={action}
                choices={choices}
                error={errors[`actions.${index}`]}
                onChange={(next) => setAction(index, next)}
                onRemove={
                  draft.actions.length > 1
                    ? () => change({ actions: draft.actions.filter((_, i) => i !== index) })
                    : undefined
                }
              />
            ))}
            <FieldError message={errors.actions} />
            <div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={draft.actions.length >= RULE_ACTIONS_MAX}
                onClick={() => change({ actions: [...draft.actions, emptyAction()] })}
              >
                <Plus aria-hidden />
                Add action
              </Button>
            </div>
          </fieldset>

          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={draft.stopHere}
                onChange={(event) => change({ stopHere: event.target.checked })}
              />
              Stop here (no later rule runs on a message this rule matched)
            </label>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={draft.isEnabled}
                onChange={(event) => change({ isEnabled: event.target.checked })}
              />
              Enabled
            </label>
          </div>

          {preview ? (
            <section
              aria-label="Preview"
              className="rounded-md border border-border bg-surface-2 p-3 text-[13px]"
            >
              <p className="font-medium" data-testid="rule-preview-text">
                {preview.text}
              </p>
              {preview.note ? <p className="mt-1 text-muted">{preview.note}</p> : null}
              {preview.threads.length > 0 ? (
                <ul
                  className="mt-2 max-h-56 divide-y divide-border overflow-y-auto"
                  aria-label="Matching threads"
                >
                  {preview.threads.map((thread) => (
                    <li key={thread.threadKey} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                      <span className="min-w-0 truncate">{thread.subject || '(no subject)'}</span>
                      <span className="text-muted">
                        {thread.fromAddress ?? ''} · {new Date(thread.lastActivity).toLocaleDateString()}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {preview.count > 0 ? (
                <label className="mt-2 flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={applyNow}
                    onChange={(event) => setApplyNow(event.target.checked)}
                  />
                  Also apply to these now
                </label>
              ) : null}
            </section>
          ) : null}

          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={runPreview} disabled={previewRule.isPending}>
              <Eye aria-hidden />
              {previewRule.isPending ? 'Previewing…' : 'Preview'}
            </Button>
            <Button type="submit" variant="primary" disabled={saving}>
              {saving ? 'Saving…' : rule ? 'Save rule' : 'Create rule'}
            </Button>
            <Button type="button" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-[13px] text-danger">
      {message}
    </p>
  );
}

function Row({
  children,
  error,
  onRemove,
  removeLabel,
}: {
  children: ReactNode;
  error?: string;
  onRemove?: () => void;
  removeLabel: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        {children}
        {onRemove ? (
          <Button type="button" size="icon-sm" variant="ghost" aria-label={removeLabel} onClick={onRemove}>
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </div>
      <FieldError message={error} />
    </div>
  );
}

function ConditionRow({
  index,
  condition,
  choices,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  condition: ConditionDraft;
  choices: RuleChoices;
  error?: string;
  onChange: (next: Partial<ConditionDraft>) => void;
  onRemove?: () => void;
}) {
  const n = index + 1;
  const kind = condition.kind;
  const hasValue = ![
    'has_attachment',
    'is_automated',
    'header_present',
    'from_client',
    'mailbox_is',
  ].includes(kind);
  const hasHeader = kind === 'header_present' || kind === 'header_equals';
  return (
    <Row error={error} onRemove={onRemove} removeLabel={`Remove condition ${n}`}>
      <select
        aria-label={`Condition ${n}`}
        className={selectClass}
        value={kind}
        onChange={(event) => onChange({ kind: event.target.value as RuleConditionKind })}
      >
        {CONDITION_KINDS.map((option) => (
          <option key={option} value={option}>
            {CONDITION_LABELS[option]}
          </option>
        ))}
      </select>
      {hasHeader ? (
        <select
          aria-label={`Condition ${n} header`}
          className={selectClass}
          value={condition.header}
          onChange={(event) => onChange({ header: event.target.value as RuleHeader })}
        >
          {RULE_HEADERS.map((header) => (
            <option key={header} value={header}>
              {header}
            </option>
          ))}
        </select>
      ) : null}
      {hasValue ? (
        <Input
          aria-label={`Condition ${n} text`}
          aria-invalid={error ? true : undefined}
          className={cn('w-auto min-w-0 flex-1')}
          value={condition.value}
          onChange={(event) => onChange({ value: event.target.value })}
        />
      ) : null}
      {kind === 'from_client' ? (
        <Picker
          label={`Condition ${n} client`}
          placeholder="Choose a client…"
          choices={choices.clients}
          value={condition.refId}
          invalid={Boolean(error)}
          onChange={(refId) => onChange({ refId })}
        />
      ) : null}
      {kind === 'mailbox_is' ? (
        <Picker
          label={`Condition ${n} mailbox`}
          placeholder="Choose a mailbox…"
          choices={choices.mailboxes}
          value={condition.refId}
          invalid={Boolean(error)}
          onChange={(refId) => onChange({ refId })}
        />
      ) : null}
    </Row>
  );
}

function ActionRow({
  index,
  action,
  choices,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  action: ActionDraft;
  choices: RuleChoices;
  error?: string;
  onChange: (next: Partial<ActionDraft>) => void;
  onRemove?: () => void;
}) {
  const n = index + 1;
  return (
    <Row error={error} onRemove={onRemove} removeLabel={`Remove action ${n}`}>
      <select
        aria-label={`Action ${n}`}
        className={selectClass}
        value={action.kind}
        onChange={(event) => onChange({ kind: event.target.value as RuleActionKind })}
      >
        {ACTION_KINDS.map((option) => (
          <option key={option} value={option}>
            {RULE_ACTION_LABELS[option]}
          </option>
        ))}
      </select>
      {action.kind === 'snooze' ? (
        <Input
          aria-label={`Action ${n} snooze hours`}
          type="number"
          inputMode="numeric"
          className="w-28"
          value={action.hours}
          onChange={(event) => onChange({ hours: event.target.value })}
        />
      ) : null}
      {action.kind === 'assign' ? (
        <>
          <Picker
            label={`Action ${n} member`}
            placeholder="Choose a member…"
            choices={choices.members}
            value={action.assigneeUserId}
            invalid={Boolean(error)}
            onChange={(assigneeUserId) => onChange({ assigneeUserId })}
          />
          <Input
            aria-label={`Action ${n} to-do in days`}
            type="number"
            inputMode="numeric"
            className="w-28"
            placeholder="no to-do"
            value={action.todoInDays}
            onChange={(event) => onChange({ todoInDays: event.target.value })}
          />
        </>
      ) : null}
      {action.kind === 'set_client' ? (
        <Picker
          label={`Action ${n} client`}
          placeholder="Choose a client…"
          choices={choices.clients}
          value={action.organisationId}
          invalid={Boolean(error)}
          onChange={(organisationId) => onChange({ organisationId })}
        />
      ) : null}
      {action.kind === 'add_to_work' ? (
        <Picker
          label={`Action ${n} work item`}
          placeholder="Choose a work item…"
          choices={choices.workItems}
          value={action.workItemId}
          invalid={Boolean(error)}
          onChange={(workItemId) => onChange({ workItemId })}
        />
      ) : null}
    </Row>
  );
}
