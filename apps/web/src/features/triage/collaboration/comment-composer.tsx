import { COMMENT_MAX_LENGTH } from '@ledgerdesk/domain/api/collaboration-endpoints';
import type { FirmMemberDto } from '@ledgerdesk/domain/api/firms-endpoints';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';

type ComposerProps = {
  label: string;
  initial: string;
  members: readonly Pick<FirmMemberDto, 'userId' | 'name' | 'handle'>[];
  submitLabel: string;
  isPending: boolean;
  onSubmit: (body: string, done: () => void) => void;
  onCancel?: () => void;
};

/** The @ being typed at the caret, if any: its start and what follows it. */
function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|[\s(])@([A-Za-z0-9._-]{0,64})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - (match[2]?.length ?? 0) - 1, query: (match[2] ?? '').toLowerCase() };
}

/**
 * A comment box with an @ autocomplete of the firm's members: a listbox the textbox controls, its active option
 * named by aria-activedescendant (a textarea may not take the combobox role).
 */
export function CommentComposer({
  label,
  initial,
  members,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: ComposerProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const boxRef = useRef<HTMLTextAreaElement | null>(null);
  const options = mention
    ? members
        .filter(
          (member) =>
            member.handle.startsWith(mention.query) || member.name.toLowerCase().includes(mention.query),
        )
        .slice(0, 6)
    : [];
  const isOpen = options.length > 0;

  function pick(member: Pick<FirmMemberDto, 'handle'>) {
    if (!mention) return;
    const caret = boxRef.current?.selectionStart ?? text.length;
    const next = `${text.slice(0, mention.start)}@${member.handle} ${text.slice(caret)}`;
    setText(next);
    setMention(null);
    const at = mention.start + member.handle.length + 2;
    requestAnimationFrame(() => boxRef.current?.setSelectionRange(at, at));
  }

  function submit() {
    const body = text.trim();
    if (!body || isPending) return;
    onSubmit(body, () => setText(''));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (isOpen && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
      return;
    }
    if (isOpen && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      const member = options[active] ?? options[0];
      if (member) pick(member);
      return;
    }
    if (isOpen && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setMention(null);
      return;
    }
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      submit();
    }
    // Triage shortcuts (j, k, e…) must not fire while typing.
    event.stopPropagation();
  }

  return (
    <form
      className="relative mt-2 flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-box`} className="sr-only">
        {label}
      </label>
      <textarea
        id={`${id}-box`}
        ref={boxRef}
        aria-controls={`${id}-members`}
        aria-autocomplete="list"
        aria-activedescendant={isOpen ? `${id}-member-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={members.length > 0 ? 'Comment for your team… @ to mention' : 'Private note…'}
        className="min-h-16 w-full rounded-md border border-border bg-surface-2 px-2.5 py-2 text-[13px] text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-ring"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setMention(
            mentionQuery(event.target.value, event.target.selectionStart ?? event.target.value.length),
          );
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setMention(null), 150)}
      />
      <div
        id={`${id}-members`}
        role="listbox"
        aria-label="Mention a member"
        hidden={!isOpen}
        className="absolute top-full left-0 z-20 mt-1 w-64 rounded-md border border-border bg-surface py-1 shadow-lg"
      >
        {options.map((member, index) => (
          <div
            key={member.userId}
            id={`${id}-member-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className="cursor-pointer px-2.5 py-1.5 text-[13px] aria-selected:bg-hover"
            onMouseDown={(event) => {
              event.preventDefault();
              pick(member);
            }}
          >
            <span className="font-medium">{member.name}</span>{' '}
            <span className="text-muted">@{member.handle}</span>
          </div>
        ))}
      </div>
      <div className="flex items-center justify-end gap-2">
        <span id={`${id}-hint`} className="mr-auto text-[11px] text-muted">
          Ctrl+Enter to post
        </span>
        {onCancel ? (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" variant="primary" disabled={isPending || !text.trim()}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
