import { ImageOff } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { sanitizeEmailHtml } from './sanitize-email';

type HtmlEmailFrameProps = { html: string; title: string };

/**
 * Untrusted mail HTML in a sandboxed frame: sanitized, no scripts (no allow-scripts), a strict CSP, remote
 * images held back until the reader asks for them. allow-same-origin only lets this page measure the frame's
 * height; without allow-scripts nothing inside can use it.
 */
export function HtmlEmailFrame({ html, title }: HtmlEmailFrameProps) {
  const [isRemoteAllowed, setIsRemoteAllowed] = useState(false);
  const { document: srcDoc, blockedImageCount } = useMemo(
    () => sanitizeEmailHtml(html, isRemoteAllowed),
    [html, isRemoteAllowed],
  );
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const [height, setHeight] = useState(120);
  const observer = useRef<ResizeObserver | null>(null);

  const measure = useCallback(() => {
    const doc = frameRef.current?.contentDocument;
    if (!doc?.documentElement) return;
    setHeight(Math.max(60, Math.ceil(doc.documentElement.scrollHeight)));
  }, []);

  const onLoad = useCallback(() => {
    measure();
    observer.current?.disconnect();
    const body = frameRef.current?.contentDocument?.body;
    if (!body || typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(measure);
    observer.current.observe(body);
  }, [measure]);

  useEffect(() => () => observer.current?.disconnect(), []);

  return (
    <div className="flex flex-col gap-2">
      {blockedImageCount > 0 && !isRemoteAllowed ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-surface-2 px-3 py-1.5 text-[13px] text-muted">
          <ImageOff className="size-4 shrink-0" aria-hidden />
          <span className="flex-1">Remote images are hidden to protect your privacy.</span>
          <Button size="sm" variant="outline" onClick={() => setIsRemoteAllowed(true)}>
            Load remote images
          </Button>
        </div>
      ) : null}
      <iframe
        ref={frameRef}
        title={title}
        srcDoc={srcDoc}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        onLoad={onLoad}
        style={{ height }}
        className="w-full rounded-md border border-border bg-white"
        data-testid="email-html-frame"
      />
    </div>
  );
}
