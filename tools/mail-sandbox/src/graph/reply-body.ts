import { renderBody } from '../seed/render-body';
import type { StoredMessage } from '../store/types';
import { formatAddress } from '../util/address';
import { escapeHtml } from '../util/text';

/** Outlook's reply layout: the comment, a From/Sent/To/Subject block, then the original body. */
export function replyHtml(comment: string, original: StoredMessage): string {
  const commentHtml = /<[a-z][\s\S]*>/i.test(comment) ? comment : escapeHtml(comment).replace(/\n/g, '<br>');
  const body = renderBody(original);
  const quoted = body.contentType === 'html' ? body.content : escapeHtml(body.content).replace(/\n/g, '<br>');
  const list = (addresses: StoredMessage['to']): string =>
    escapeHtml(addresses.map(formatAddress).join('; '));
  return `<html><body><div>${commentHtml}</div>
<hr style="display:inline-block;width:98%">
<div id="divRplyFwdMsg" dir="ltr"><b>From:</b> ${escapeHtml(formatAddress(original.from))}<br>
<b>Sent:</b> ${new Date(original.sentAt).toUTCString()}<br>
<b>To:</b> ${list(original.to)}<br>${original.cc.length > 0 ? `<b>Cc:</b> ${list(original.cc)}<br>` : ''}
<b>Subject:</b> ${escapeHtml(original.subject)}</div>
<div>${quoted}</div></body></html>`;
}

/** `RE:` is added once, as Outlook does (no `RE: RE:`). */
export function replySubject(subject: string): string {
  return /^re:\s/i.test(subject) ? subject : `RE: ${subject}`;
}
