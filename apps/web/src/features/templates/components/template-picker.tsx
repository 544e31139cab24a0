import type { TemplateDto } from '@ledgerdesk/domain/api/templates-endpoints';
import { fillTemplate, templateKey, templateTrigger } from '@ledgerdesk/domain/triage/fill-template';
import { ChevronDown, FileText } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type RefObject, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useMyName, useTemplates } from '../api/templates';

type TemplatePickerProps = {
  mode: 'new' | 'reply' | 'replyAll';
  to: string;
  replyingTo: string | null;
  subject: string;
  body: string;
  bodyRef: RefObject<HTMLTextAreaElement | null>;
  disabled: boolean;
  onInsert: (next: { subject: string; body: string; caret: number }) => void;
};

const MENU_ITEM =
  'flex cursor-default flex-col items-start gap-0.5 rounded px-2 py-1.5 text-[13px] text-fg outline-none select-none data-[highlighted]:bg-hover';

/** The template a `;name` refers to: the one with that key, else the only one whose key starts with it. */
function templateFor(templates: readonly TemplateDto[], typed: string): TemplateDto | null {
  const key = typed.toLowerCase();
  const exact = templates.find((template) => templateKey(template.name) === key);
  if (exact) return exact;
  const started = templates.filter((template) => templateKey(template.name).startsWith(key));
  return started.length === 1 ? (started[0] ?? null) : null;
}

/**
 * Saved replies in the compose dialog: a "Templates" menu, and `;name` + Tab in the message. The template's
 * body goes in at the cursor (a typed `;name` is replaced), its placeholders filled; its subject is used when
 * the mail has none yet or is new (a reply keeps its "Re:" subject).
 */
export function TemplatePicker(props: TemplatePickerProps) {
  const templates = useTemplates();
  const myName = useMyName();
  const [caret, setCaret] = useState<number | null>(null);
  const list = templates.data ?? [];
  const firstTo = props.to.split(/[,;]/)[0]?.trim() || null;
  const context = { recipient: props.replyingTo ?? firstTo, myName };

  const textBeforeCaret = caret === null ? '' : props.body.slice(0, caret);
  const typed = templateTrigger(textBeforeCaret);
  const match = typed ? templateFor(list, typed) : null;

  function insert(template: TemplateDto, replacing: number) {
    const at = caret ?? 0;
    const start = at - replacing;
    const text = fillTemplate(template.body, context);
    const body = `${props.body.slice(0, start)}${text}${props.body.slice(at)}`;
    const useSubject =
      template.subject.trim() !== '' && (props.mode === 'new' || props.subject.trim() === '');
    props.onInsert({
      subject: useSubject ? fillTemplate(template.subject, context) : props.subject,
      body,
      caret: start + text.length,
    });
  }

  // Follow the caret in the message box, and take Tab there when a `;name` names a template.
  const { bodyRef } = props;
  useEffect(() => {
    const box = bodyRef.current;
    if (!box) return;
    const track = () => setCaret(box.selectionStart === box.selectionEnd ? box.selectionStart : null);
    const events = ['input', 'keyup', 'click', 'select', 'focus'] as const;
    for (const name of events) box.addEventListener(name, track);
    return () => {
      for (const name of events) box.removeEventListener(name, track);
    };
  }, [bodyRef]);
  useEffect(() => {
    const box = bodyRef.current;
    if (!box || !match || !typed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.shiftKey) return;
      event.preventDefault();
      insert(match, typed.length + 1);
    };
    box.addEventListener('keydown', onKeyDown);
    return () => box.removeEventListener('keydown', onKeyDown);
  });

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button size="sm" variant="outline" disabled={props.disabled}>
            <FileText />
            Templates
            <ChevronDown className="size-3.5" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            side="top"
            sideOffset={4}
            className="z-50 max-h-72 w-72 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-lg"
          >
            {templates.isPending ? (
              <p className="px-2 py-1.5 text-[13px] text-muted">Loading templates…</p>
            ) : list.length === 0 ? (
              <p className="px-2 py-1.5 text-[13px] text-muted">
                No templates yet. Add them on your profile, under Templates.
              </p>
            ) : (
              list.map((template) => (
                <DropdownMenu.Item
                  key={template.id}
                  className={MENU_ITEM}
                  onSelect={() => insert(template, 0)}
                >
                  <span className="font-medium">{template.name}</span>
                  <span className="w-full truncate text-[12px] text-muted">
                    {template.subject || template.body.replace(/\s+/g, ' ')}
                  </span>
                </DropdownMenu.Item>
              ))
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {match ? (
        <span role="status" className="text-[12px] text-muted">
          <kbd className="rounded border border-border px-1 font-mono text-[11px]">Tab</kbd> inserts “
          {match.name}”
        </span>
      ) : null}
    </>
  );
}
