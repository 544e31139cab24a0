// @vitest-environment happy-dom
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { type ComposeDraft, newDraft } from './compose-draft';
import { useCompose } from './use-compose';

// Undo send reopens the taken-back message in the compose dialog, never over a message being written and never
// lost when the triage screen is away.

afterEach(async () => {
  await dismissToastsAndCleanup();
});

const mailbox = { id: 'integration-1', emailAddress: 'me@firm.test' } as EmailIntegrationDto;
const undone: ComposeDraft = {
  ...newDraft(),
  mode: 'reply',
  to: 'dana@client.test',
  subject: 'Re: VAT return',
  body: 'Thanks, confirmed.',
  integrationId: 'integration-1',
};

describe('useCompose and a message Undo send took back', () => {
  it('opens it at once when the dialog is free', () => {
    const { result } = renderHook(() => useCompose([mailbox]));
    act(() => result.current.openDraft(undone));
    expect(result.current).toMatchObject({ isOpen: true, draft: undone });
  });

  it('waits for the message being written to be closed, then opens it', () => {
    const { result } = renderHook(() => useCompose([mailbox]));
    act(() => result.current.openNew());
    act(() => result.current.openDraft(undone));
    expect(result.current.draft).toEqual(newDraft());
    act(() => result.current.close());
    expect(result.current).toMatchObject({ isOpen: true, draft: undone });
  });

  it('opens it when the triage screen is back, for the same account only', () => {
    const first = renderHook(() => useCompose([mailbox]));
    const { openDraft } = first.result.current;
    first.unmount();
    act(() => openDraft(undone));
    const back = renderHook(() => useCompose([mailbox]));
    expect(back.result.current).toMatchObject({ isOpen: true, draft: undone });
    back.unmount();

    const away = renderHook(() => useCompose([mailbox]));
    const later = away.result.current.openDraft;
    away.unmount();
    act(() => later(undone));
    const otherAccount = renderHook(() =>
      useCompose([{ id: 'integration-2', emailAddress: 'else@firm.test' } as EmailIntegrationDto]),
    );
    expect(otherAccount.result.current.isOpen).toBe(false);
  });
});
