// @vitest-environment happy-dom
import type { CommentDto, ThreadActivityResponse } from '@ledgerdesk/domain/api/collaboration-endpoints';
import type { FirmResponse } from '@ledgerdesk/domain/api/firms-endpoints';
import type { RuleHistoryEntry } from '@ledgerdesk/domain/api/rules-endpoints';
import { MENTIONS_YOU_LABEL } from '@ledgerdesk/domain/firm/mentions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRM_QUERY_KEY } from '../../../lib/firm-query';
import { triageKeys } from '../triage-keys';
import { ThreadCollaboration } from './thread-collaboration';

// The thread's internal comments as they read (decision 012): a comment posted after the screen's clock last ticked
// reads as just posted, never as future, and the mention that opened the thread is said in words and to
// assistive technology, not by colour alone. The query cache holds the thread's activity: no request is made.

const NOW = new Date('2026-11-27T10:00:00.000Z');
const THREAD = 'thread-1';

function comment(id: string, createdAt: string, body: string): CommentDto {
  return {
    id,
    authorUserId: 'user-2',
    authorName: 'Sam Lowe',
    body,
    mentionedUserIds: ['user-1'],
    createdAt,
    editedAt: null,
    isMine: false,
  };
}

function renderThread(
  comments: CommentDto[],
  highlightCommentId: string | null,
  ruleHistory: RuleHistoryEntry[] = [],
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const activity: ThreadActivityResponse = {
    client: null,
    clientCandidate: null,
    workItemIds: [],
    assignment: null,
    history: [],
    ruleHistory,
    comments,
    isShared: true,
  };
  queryClient.setQueryData(triageKeys.activity(THREAD), activity);
  queryClient.setQueryData<FirmResponse>(FIRM_QUERY_KEY, { firm: null });
  render(
    <QueryClientProvider client={queryClient}>
      <ThreadCollaboration threadKey={THREAD} now={NOW} highlightCommentId={highlightCommentId} />
    </QueryClientProvider>,
  );
  return screen.queryAllByTestId('thread-comment');
}

afterEach(cleanup);

describe('the internal comments of a thread', () => {
  it('reads a comment stamped after the last clock tick as "less than a minute ago", never "in …"', () => {
    const [posted] = renderThread([comment('c1', '2026-11-27T10:00:20.000Z', 'Done, fees attached.')], null);
    expect(posted).toHaveProperty('textContent', expect.stringContaining('less than a minute ago'));
    expect(posted?.textContent).not.toMatch(/\bin less than a minute|\bin \d/);
  });

  it('marks the mention that opened the thread with a visible label and aria-current, and only that one', () => {
    const [older, mention] = renderThread(
      [
        comment('c1', '2026-11-27T09:00:00.000Z', 'First look.'),
        comment('c2', '2026-11-27T09:30:00.000Z', 'Over to you @olivia'),
      ],
      'c2',
    );
    if (!older || !mention) throw new Error('two comments expected');
    expect(mention.getAttribute('aria-current')).toBe('true');
    expect(within(mention).getByText(MENTIONS_YOU_LABEL)).toBeTruthy();
    expect(older.getAttribute('aria-current')).toBeNull();
    expect(within(older).queryByText(MENTIONS_YOU_LABEL)).toBeNull();
  });
});

// Decision 025: what rules did to the thread reads in its history, each with an Undo until it is undone.
describe("a thread's rule history", () => {
  it("says each rule's action by name and offers Undo only where it can still be undone", () => {
    renderThread([], null, [
      {
        ruleId: 'r1',
        label: "Low Priority — rule 'Newsletters'",
        actionId: 'a1',
        appliedAt: '2026-11-27T09:00:00.000Z',
        isUndone: false,
      },
      {
        ruleId: 'r2',
        label: "Mark read — rule 'Statements'",
        actionId: 'a2',
        appliedAt: '2026-11-27T08:00:00.000Z',
        isUndone: true,
      },
    ]);
    const history = screen.getByRole('list', { name: 'Rule history' });
    expect(within(history).getByText("Low Priority — rule 'Newsletters'")).toBeTruthy();
    expect(within(history).getByText("Mark read — rule 'Statements'")).toBeTruthy();
    expect(
      within(history).getByRole('button', { name: "Undo Low Priority — rule 'Newsletters'" }),
    ).toBeTruthy();
    expect(within(history).queryByRole('button', { name: "Undo Mark read — rule 'Statements'" })).toBeNull();
    expect(within(history).getByText('(undone)')).toBeTruthy();
  });
});
