/**
 * @mentions in internal comments (decision 012): `@handle`, where a member's handle is their profile handle (without
 * its "@") or, without one, their email address's local part. Matched case-insensitively.
 */
/** Beside the comment that mentioned the reader, when a mention opened the thread (a cue beyond its colour). */
export const MENTIONS_YOU_LABEL = 'Mentions you';

const MENTION = /(^|[^\w@.])@([A-Za-z0-9][A-Za-z0-9._-]{0,63})/g;

/** The distinct handles a comment mentions, lower-cased, in order of first mention. */
export function mentionedHandles(body: string): string[] {
  const handles: string[] = [];
  for (const match of body.matchAll(MENTION)) {
    const handle = (match[2] ?? '').replace(/[._-]+$/, '').toLowerCase();
    if (handle && !handles.includes(handle)) handles.push(handle);
  }
  return handles;
}

/** The handle a member is mentioned by. */
export function mentionHandleOf(member: { handle?: string | null; email: string }): string {
  const own = (member.handle ?? '').trim().replace(/^@+/, '');
  if (/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(own)) return own.toLowerCase();
  return (member.email.split('@')[0] ?? member.email).toLowerCase();
}

/** Pieces of a comment for display: plain text, http(s) links and mentions (never HTML). */
export type CommentPiece = { kind: 'text' | 'link' | 'mention'; text: string };

const PIECES =
  /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])|((?:^|(?<=[^\w@.]))@[A-Za-z0-9][A-Za-z0-9._-]{0,63})/g;

export function commentPieces(body: string): CommentPiece[] {
  const pieces: CommentPiece[] = [];
  let last = 0;
  for (const match of body.matchAll(PIECES)) {
    const start = match.index ?? 0;
    if (start > last) pieces.push({ kind: 'text', text: body.slice(last, start) });
    pieces.push({ kind: match[1] ? 'link' : 'mention', text: match[0] });
    last = start + match[0].length;
  }
  if (last < body.length) pieces.push({ kind: 'text', text: body.slice(last) });
  return pieces;
}
