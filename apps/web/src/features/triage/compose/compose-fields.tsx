import { type RefObject, useId } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { ComposeDraft } from './compose-draft';

type ComposeFieldsProps = {
  form: ComposeDraft;
  onChange: (form: ComposeDraft) => void;
  sender: { emailAddress: string; isActive: boolean } | null;
  isLoadingSender: boolean;
  disabled: boolean;
  toRef: RefObject<HTMLInputElement | null>;
  bodyRef: RefObject<HTMLTextAreaElement | null>;
};

// The shared Input takes no ref, and the To field needs one for focus on open.
const FIELD_CLASS =
  'h-8 w-full rounded-md border border-border bg-surface px-3 text-sm text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60';

/** From (read-only), To, CC, Subject and the message. */
export function ComposeFields({
  form,
  onChange,
  sender,
  isLoadingSender,
  disabled,
  toRef,
  bodyRef,
}: ComposeFieldsProps) {
  const id = useId();
  const set = (field: 'to' | 'cc' | 'subject' | 'body') => (value: string) =>
    onChange({ ...form, [field]: value });
  const fromText = sender
    ? `${sender.emailAddress}${sender.isActive ? '' : ' (inactive)'}`
    : isLoadingSender
      ? 'Loading…'
      : 'No email account connected';
  return (
    <div className="flex flex-col gap-2.5">
      <div className="grid grid-cols-[4.5rem_1fr] items-center gap-x-3 gap-y-2">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          value={fromText}
          readOnly
          aria-readonly
          className="h-8 bg-surface-2 text-muted"
        />
        <Label htmlFor={`${id}-to`}>To</Label>
        <input
          id={`${id}-to`}
          value={form.to}
          onChange={(event) => set('to')(event.target.value)}
          placeholder="name@client.com, …"
          ref={toRef}
          disabled={disabled}
          className={FIELD_CLASS}
        />
        <Label htmlFor={`${id}-cc`}>CC</Label>
        <Input
          id={`${id}-cc`}
          value={form.cc}
          onChange={(event) => set('cc')(event.target.value)}
          disabled={disabled}
          className="h-8"
        />
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input
          id={`${id}-subject`}
          value={form.subject}
          onChange={(event) => set('subject')(event.target.value)}
          disabled={disabled}
          className="h-8"
        />
      </div>
      <Label htmlFor={`${id}-body`} className="sr-only">
        Message
      </Label>
      <textarea
        id={`${id}-body`}
        value={form.body}
        onChange={(event) => set('body')(event.target.value)}
        ref={bodyRef}
        disabled={disabled}
        rows={12}
        placeholder="Write your message…"
        className="min-h-48 w-full resize-y rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-ring"
      />
    </div>
  );
}
