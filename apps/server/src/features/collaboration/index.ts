// What other features may use of collaboration (features/README.md): what a rule's Assign writes and Undo takes
// back, and the item that brings a thread to a colleague.

export {
  insertAssignment,
  latestAssigneeId,
  listAssignments,
  setThreadAssignee,
  withdrawAssignmentItems,
} from './collaboration-repository';
export { deliverLinkItem } from './deliver-link-item';
export type { RuleHistoryHook } from './rule-history-hook';
export { linkOf } from './thread-activity';
