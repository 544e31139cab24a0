import type { AssignmentDto } from '@ledgerdesk/domain/api/collaboration-endpoints';

function dueText(date: string | null) {
  if (!date) return '';
  const [year, month, day] = date.split('-').map(Number);
  const due = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return ` · due ${due.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })}`;
}

/** "Assigned to Priya by Sam · due 28 Nov — can you take this?" */
export function assignmentLine(entry: AssignmentDto) {
  return `Assigned to ${entry.assigneeName} by ${entry.assignedByName}${dueText(entry.todoDate)}${
    entry.comment ? ` — ${entry.comment}` : ''
  }`;
}

/** One line of the assignment history: "Assigned & cleared to Priya by Sam · due 28 Nov", or "Unassigned by Sam". */
export function historyLine(entry: AssignmentDto) {
  if (!entry.assigneeUserId) return `Unassigned by ${entry.assignedByName}`;
  return `${entry.cleared ? 'Assigned & cleared' : 'Assigned'} to ${entry.assigneeName} by ${entry.assignedByName}${dueText(entry.todoDate)}${
    entry.comment ? ` — ${entry.comment}` : ''
  }`;
}
