import type { EmailStatus, FolderState } from '../entities';

export type ThreadDetailStatusInput = {
  hasIntegrationData: boolean;
  folderState: FolderState | null | undefined;
  isLoading: boolean;
  isTimedOut: boolean;
  thread: { emails: readonly { status?: EmailStatus | null }[] } | null | undefined;
};

/** The thread detail status, decided in the exact order of spec §4. */
export function threadDetailStatus({
  hasIntegrationData,
  folderState,
  isLoading,
  isTimedOut,
  thread,
}: ThreadDetailStatusInput): EmailStatus {
  if (!hasIntegrationData) return 'available';
  if (folderState === 'deleted') return 'deleted';
  if (folderState === 'archived' || folderState === 'archive') return 'archived';
  if (isLoading) return 'syncing';
  if (isTimedOut) return 'error';
  const first = thread?.emails[0];
  if (first) return first.status ?? 'available';
  return 'error';
}
