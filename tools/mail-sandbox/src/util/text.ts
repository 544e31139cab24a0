const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** A rough HTML → text conversion, enough for previews, snippets and text alternatives. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|li)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function textToHtml(text: string): string {
  return `<html><body><div>${escapeHtml(text).replace(/\n/g, '<br>\n')}</div></body></html>`;
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Strips Re:/Fwd:/RE:/FW: prefixes (repeatedly) so replies compare equal to their original. */
export function normalizeSubject(subject: string): string {
  let current = subject.trim();
  for (;;) {
    const next = current.replace(/^(re|fwd?|aw|sv)\s*:\s*/i, '');
    if (next === current) return current.toLowerCase();
    current = next;
  }
}

export function toBase64Url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/** Accepts base64url and standard base64 (clients send both). */
export function fromBase64Any(data: string): Buffer {
  return Buffer.from(data.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}
