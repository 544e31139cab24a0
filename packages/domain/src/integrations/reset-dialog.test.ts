import { describe, expect, it } from 'vitest';
import { FOLDER_STATUS_MAPPING, RESET_SCOPE_FOLDERS } from './folder-mapping';
import {
  canReset,
  RESET_DIALOG_TITLE,
  resetButtonLabel,
  resetFailedMessage,
  resetResultMessage,
  resetSelectionLabel,
  selectedFolderCount,
} from './reset-dialog';

describe('reset dialog', () => {
  it('titles the dialog per spec', () => {
    expect(RESET_DIALOG_TITLE).toBe('Choose Your Action: Cancel or Reset Everything');
  });

  it('labels the reset button and the selection with the folder count', () => {
    expect(resetButtonLabel(3)).toBe('2. Reset Everything (3 Folder(s))');
    expect(resetButtonLabel(1)).toBe('2. Reset Everything (1 Folder(s))');
    expect(resetSelectionLabel(2)).toBe('Selected: 2 folder(s) will be reset');
  });

  it('needs at least one folder', () => {
    expect(selectedFolderCount({ inbox: true, sent: false, archive: true })).toBe(2);
    expect(canReset({ inbox: false, sent: false, archive: false })).toBe(false);
    expect(canReset({ inbox: false, sent: true, archive: false })).toBe(true);
  });

  it('warns (destructive) when a run had errors', () => {
    expect(resetResultMessage({ created: 5, updated: 1, conflicts: 2, errors: 3 })).toMatchObject({
      title: 'Enhanced Reset Completed with Warnings',
      tone: 'destructive',
    });
  });

  it('reports a clean run as a completed full resync with conflict notes', () => {
    const message = resetResultMessage({ created: 5, updated: 1, conflicts: 2, errors: 0 });
    expect(message.title).toBe('Enhanced Full Resync Completed');
    expect(message.description).toContain('2 conflicts');
    expect(resetFailedMessage().title).toBe('Enhanced Reset Failed');
  });
});

describe('folder mapping', () => {
  it('maps Inbox to inbox, Sent Items to sent and Archive to cleared', () => {
    expect(FOLDER_STATUS_MAPPING).toEqual({ Inbox: 'inbox', 'Sent Items': 'sent', Archive: 'cleared' });
    expect(RESET_SCOPE_FOLDERS.sent).toBe('Sent Items');
  });
});
