import { Fragment } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"')\]]+/gi;

/** A plain-text mail body: line breaks kept, web addresses as links that open in a new tab. */
export function PlainTextBody({ text }: { text: string }) {
  const parts: { text: string; isLink: boolean; key: number }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), isLink: false, key: last });
    parts.push({ text: match[0], isLink: true, key: start });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isLink: false, key: last });
  return (
    <div className="text-[14px] leading-relaxed break-words whitespace-pre-wrap text-fg">
      {parts.map((part) =>
        part.isLink ? (
          <a
            key={part.key}
            href={part.text}
            target="_blank"
            rel="noopener noreferrer"
            className="text-accent underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={part.key}>{part.text}</Fragment>
        ),
      )}
    </div>
  );
}
