/** An answer's threading headers: In-Reply-To and References (message ids without angle brackets). */
export type ReplyThreading = { inReplyTo: string | null; references: string[] };

/**
 * The threading headers of an answer to a message (RFC 5322 §3.6.4): In-Reply-To is the original's Message-ID;
 * References is the original's References (or, without them, its In-Reply-To) followed by that Message-ID. The
 * one rule for every provider that builds its own MIME (Gmail, SMTP); Graph's reply sets them itself.
 */
export function replyThreading(original: {
  messageId: string | null;
  references: readonly string[];
  inReplyTo?: readonly string[];
}): ReplyThreading {
  const references = [...original.references];
  if (references.length === 0 && original.inReplyTo) references.push(...original.inReplyTo);
  if (original.messageId && !references.includes(original.messageId)) references.push(original.messageId);
  return { inReplyTo: original.messageId, references };
}
