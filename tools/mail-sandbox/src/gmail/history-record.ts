import type { gmail_v1 } from '@googleapis/gmail';
import type { ChangeRecord } from '../store/types';

export type HistoryType = 'messageAdded' | 'messageDeleted' | 'labelAdded' | 'labelRemoved';

/** One change-log record as a Gmail History entry, limited to the requested history types. */
export function toHistory(
  record: ChangeRecord,
  types: ReadonlySet<HistoryType>,
): gmail_v1.Schema$History | undefined {
  const all = types.size === 0;
  const ref = { id: record.id, threadId: record.threadId };
  const message = { ...ref, labelIds: record.labelIds };
  const history: gmail_v1.Schema$History = { id: String(record.seq), messages: [ref] };
  let hasContent = false;
  if (record.kind === 'added' && (all || types.has('messageAdded'))) {
    history.messagesAdded = [{ message }];
    hasContent = true;
  }
  if (record.kind === 'deleted' && (all || types.has('messageDeleted'))) {
    history.messagesDeleted = [{ message: ref }];
    hasContent = true;
  }
  if (record.labelsAdded && (all || types.has('labelAdded'))) {
    history.labelsAdded = [{ message, labelIds: record.labelsAdded }];
    hasContent = true;
  }
  if (record.labelsRemoved && (all || types.has('labelRemoved'))) {
    history.labelsRemoved = [{ message, labelIds: record.labelsRemoved }];
    hasContent = true;
  }
  return hasContent ? history : undefined;
}

/** `labelId` filter: the message carried the label before or after the change. */
export function touchesLabel(record: ChangeRecord, labelId: string | undefined): boolean {
  if (!labelId) return true;
  return (
    record.labelIds.includes(labelId) ||
    (record.labelsAdded?.includes(labelId) ?? false) ||
    (record.labelsRemoved?.includes(labelId) ?? false)
  );
}
