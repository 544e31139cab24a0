import type { FirmMemberDto } from '@ledgerdesk/domain/api/firms-endpoints';
import { memberLabel } from '@ledgerdesk/domain/firm/member-label';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import type { AssignChoice } from './collaboration-types';

type AssignDialogProps = {
  isOpen: boolean;
  /** Members who can be assigned (the user first); only the user on a personal thread. */
  members: readonly Pick<FirmMemberDto, 'userId' | 'name' | 'email' | 'isYou'>[];
  isShared: boolean;
  isPending: boolean;
  onAssign: (choice: AssignChoice) => void;
  onClose: () => void;
};

const FIELD =
  'w-full rounded-md border border-border bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring';

/**
 * "Assign thread" (decision 012): a member (yourself included), an optional to-do date and comment; "Assign & Clear"
 * also clears it from the shared view (Karbon's choice). The assignee gets it in their own triage.
 */
export function AssignDialog({ isOpen, members, isShared, isPending, onAssign, onClose }: AssignDialogProps) {
  const id = useId();
  const [assignee, setAssignee] = useState('');
  const [todoDate, setTodoDate] = useState('');
  const [comment, setComment] = useState('');
  const chosen = assignee || members[0]?.userId || '';
  const submit = (clear: boolean) =>
    onAssign({
      assigneeUserId: chosen,
      todoDate: todoDate || null,
      comment: comment.trim() || null,
      clear,
    });

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title="Assign thread"
        description={
          isShared
            ? 'The assignee gets it in their own triage, with your comment.'
            : 'Share this mailbox with your firm to assign its mail to a colleague.'
        }
        className="max-w-md"
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit(false);
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-assignee`}>Assign to</Label>
            <select
              id={`${id}-assignee`}
              className={`${FIELD} h-9`}
              value={chosen}
              onChange={(event) => setAssignee(event.target.value)}
            >
              {members.map((member) => (
                <option key={member.userId} value={member.userId} title={member.email}>
                  {member.isYou ? `${memberLabel(member, members)} (you)` : memberLabel(member, members)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-date`}>To-do date (optional)</Label>
            <input
              id={`${id}-date`}
              type="date"
              className={`${FIELD} h-9`}
              value={todoDate}
              onChange={(event) => setTodoDate(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-comment`}>Comment (optional)</Label>
            <textarea
              id={`${id}-comment`}
              className={`${FIELD} min-h-20 py-2`}
              maxLength={2000}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2 pt-1">
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={isPending || !chosen}
              onClick={() => submit(true)}
            >
              Assign &amp; Clear
            </Button>
            <Button type="submit" variant="primary" disabled={isPending || !chosen}>
              Assign
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
