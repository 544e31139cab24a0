import type { EmailBody as EmailBodyValue } from '@ledgerdesk/domain/entities';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../../components/ui/skeleton';
import { PlainTextBody } from './plain-text-body';

// DOMPurify and the frame load only when an HTML mail is opened.
const HtmlEmailFrame = lazy(() => import('./html-email-frame').then((m) => ({ default: m.HtmlEmailFrame })));

/** A mail body: HTML in its sandboxed frame, anything else as plain text with its line breaks. */
export function EmailBody({ body, title }: { body: EmailBodyValue; title: string }) {
  if (body.contentType.toLowerCase() === 'html') {
    return (
      <Suspense fallback={<Skeleton className="h-32 w-full" />}>
        <HtmlEmailFrame html={body.content} title={title} />
      </Suspense>
    );
  }
  return <PlainTextBody text={body.content} />;
}
