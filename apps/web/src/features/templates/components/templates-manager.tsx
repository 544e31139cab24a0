import type { TemplateDto, TemplateInput } from '@ledgerdesk/domain/api/templates-endpoints';
import {
  TEMPLATE_BODY_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
} from '@ledgerdesk/domain/api/templates-endpoints';
import { templateKey } from '@ledgerdesk/domain/triage/fill-template';
import { FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { EmptyState } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../lib/toast';
import { useCreateTemplate, useDeleteTemplate, useTemplates, useUpdateTemplate } from '../api/templates';

const EMPTY: TemplateInput = { name: '', subject: '', body: '' };

/** The Templates tab of the profile: saved replies, each inserted in compose from the picker or by `;name`. */
export function TemplatesManager() {
  const templates = useTemplates();
  const [editing, setEditing] = useState<TemplateDto | 'new' | null>(null);
  const remove = useDeleteTemplate();

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-sm font-semibold">Saved replies</h2>
          <p className="text-[13px] text-muted">
            Insert one in any email from <span className="font-medium">Templates</span>, or type{' '}
            <kbd className="rounded border border-border px-1 font-mono text-[12px]">;name</kbd> then Tab. Use{' '}
            <code className="font-mono text-[12px]">{'{{first_name}}'}</code>,{' '}
            <code className="font-mono text-[12px]">{'{{sender_name}}'}</code> and{' '}
            <code className="font-mono text-[12px]">{'{{my_name}}'}</code> for names.
          </p>
        </div>
        {editing === null ? (
          <Button variant="primary" onClick={() => setEditing('new')}>
            <Plus />
            New template
          </Button>
        ) : null}
      </div>
      {editing !== null ? (
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {templates.isPending ? (
        <Card
          className="flex flex-col gap-3 p-4"
          role="status"
          aria-busy="true"
          aria-label="Loading templates"
        >
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-64" />
        </Card>
      ) : templates.isError ? (
        <Card>
          <EmptyState
            title="Your templates could not be loaded"
            description={templates.error.message}
            action={
              <Button variant="outline" onClick={() => void templates.refetch()}>
                Try Again
              </Button>
            }
          />
        </Card>
      ) : templates.data.length === 0 && editing === null ? (
        <Card>
          <EmptyState
            icon={<FileText />}
            title="No templates yet"
            description="Save the replies you write every week — document requests, engagement answers — and insert them in a keystroke."
          />
        </Card>
      ) : (
        <Card>
          <ul aria-label="Templates" className="divide-y divide-border">
            {templates.data.map((template) => (
              <li key={template.id} className="flex items-start gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">
                    {template.name}{' '}
                    <span className="font-mono text-[12px] font-normal text-muted">
                      ;{templateKey(template.name)}
                    </span>
                  </p>
                  <p className="truncate text-[13px] text-muted">
                    {template.subject ? `${template.subject} — ` : ''}
                    {template.body.replace(/\s+/g, ' ')}
                  </p>
                </div>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Edit ${template.name}`}
                  onClick={() => setEditing(template)}
                >
                  <Pencil />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Delete ${template.name}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(template, {
                      onSuccess: () => toast.success('Template deleted', { description: template.name }),
                      onError: (error) =>
                        toast.error('Could not delete the template', { description: error.message }),
                    })
                  }
                >
                  <Trash2 />
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

function TemplateForm({ template, onDone }: { template: TemplateDto | null; onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState<TemplateInput>(
    template ? { name: template.name, subject: template.subject, body: template.body } : EMPTY,
  );
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const isSaving = create.isPending || update.isPending;
  const set = (field: keyof TemplateInput) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  function save() {
    const callbacks = {
      onSuccess: () => {
        toast.success(template ? 'Template saved' : 'Template created', { description: form.name.trim() });
        onDone();
      },
      onError: (error: Error) => toast.error('Could not save the template', { description: error.message }),
    };
    if (template) update.mutate({ id: template.id, patch: form }, callbacks);
    else create.mutate(form, callbacks);
  }

  return (
    <Card className="p-4">
      <form
        aria-label={template ? `Edit ${template.name}` : 'New template'}
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={form.name}
              maxLength={TEMPLATE_NAME_MAX_LENGTH}
              required
              onChange={(event) => set('name')(event.target.value)}
              placeholder="Doc request"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-subject`}>Subject (optional)</Label>
            <Input
              id={`${id}-subject`}
              value={form.subject}
              onChange={(event) => set('subject')(event.target.value)}
              placeholder="Documents for your return"
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-body`}>Body</Label>
          <textarea
            id={`${id}-body`}
            value={form.body}
            maxLength={TEMPLATE_BODY_MAX_LENGTH}
            rows={6}
            onChange={(event) => set('body')(event.target.value)}
            placeholder={'Hi {{first_name}},\n\nCould you send …\n\n{{my_name}}'}
            className="w-full resize-y rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onDone} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={isSaving || form.name.trim() === ''}>
            {isSaving ? 'Saving...' : 'Save template'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
