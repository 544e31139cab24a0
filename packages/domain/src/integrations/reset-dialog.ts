import type { ResetScope } from '../entities';

export const RESET_OPEN_BUTTON_LABEL = 'Enhanced Reset to Exchange';
export const RESET_DIALOG_TITLE = 'Choose Your Action: Cancel or Reset Everything';
export const RESET_CANCEL_LABEL = '1. Cancel (Keep Current Data)';
export const RESET_SELECT_AT_LEAST_ONE = '(Please select at least one folder)';
export const RESET_WARNING =
  'All triage organisation will be permanently deleted and rebuilt from your mail provider. This cannot be undone.';

export const RESET_COMPLETED_WITH_WARNINGS_TITLE = 'Enhanced Reset Completed with Warnings';
export const RESET_APPLICATION_COMPLETE_TITLE = 'Enhanced Application Reset Complete';
export const RESET_FULL_RESYNC_COMPLETED_TITLE = 'Enhanced Full Resync Completed';
export const RESET_FAILED_TITLE = 'Enhanced Reset Failed';

/** Number of folders selected for a reset. */
export function selectedFolderCount(scope: ResetScope): number {
  return [scope.inbox, scope.sent, scope.archive].filter(Boolean).length;
}

/** A reset needs at least one folder selected. */
export function canReset(scope: ResetScope): boolean {
  return selectedFolderCount(scope) > 0;
}

/** "2. Reset Everything (N Folder(s))". */
export function resetButtonLabel(count: number): string {
  return `2. Reset Everything (${count} Folder(s))`;
}

/** "Selected: N folder(s) will be reset". */
export function resetSelectionLabel(count: number): string {
  return `Selected: ${count} folder(s) will be reset`;
}

export type ResetResult = { created: number; updated: number; conflicts: number; errors: number };
export type ResetToast = { title: string; description: string; tone?: 'destructive' };

/** The toast after a finished reset: warnings (errors > 0, destructive) or the full-resync summary with conflict notes. */
export function resetResultMessage({ created, updated, conflicts, errors }: ResetResult): ResetToast {
  const counts = `${created} created, ${updated} updated`;
  if (errors > 0) {
    return {
      title: RESET_COMPLETED_WITH_WARNINGS_TITLE,
      description: `${counts}, with ${errors} ${errors === 1 ? 'error' : 'errors'}${conflicts > 0 ? ` and ${conflicts} ${conflicts === 1 ? 'conflict' : 'conflicts'}` : ''}. Some emails may be missing; run the reset again if needed.`,
      tone: 'destructive',
    };
  }
  const conflictNote =
    conflicts > 0 ? ` ${conflicts} ${conflicts === 1 ? 'conflict was' : 'conflicts were'} resolved.` : '';
  return {
    title: RESET_FULL_RESYNC_COMPLETED_TITLE,
    description: `Triage rebuilt from your mailbox: ${counts}.${conflictNote}`,
  };
}

/** The toast once local triage data is cleared, before the resync starts. */
export function applicationResetMessage(itemsReset: number): ResetToast {
  return {
    title: RESET_APPLICATION_COMPLETE_TITLE,
    description: `${itemsReset} triage ${itemsReset === 1 ? 'item' : 'items'} reset. Rebuilding from your mail provider...`,
  };
}

/** The toast of a failed or aborted reset. */
export function resetFailedMessage(errorMessage?: string | null): ResetToast {
  return {
    title: RESET_FAILED_TITLE,
    description: errorMessage || 'The reset could not be completed. Please try again.',
    tone: 'destructive',
  };
}
