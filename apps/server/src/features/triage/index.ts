// What other features may use of triage (features/README.md): updating items as a person's action does, its undo
// record, snoozing, follow-up reminders. Undo reaches back into other features only through the TakeBackHook.

export { scheduleFollowUp } from './follow-up-reminders';
export { type ActionOrigin, recordActions } from './record-action';
export { type Actor, withSharedActivity } from './shared-activity';
export { snoozeItems } from './triage-repository';
export type { TakeBackHook } from './undo-hook';
export { type AlsoDo, bulkUpdateItems } from './update-items';
