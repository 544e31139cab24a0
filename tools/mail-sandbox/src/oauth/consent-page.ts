import { escapeHtml } from '../util/text';
import { describeScope } from './providers';

export type ConsentPageInput = {
  requestId: string;
  clientId: string;
  providerLabel: string;
  scopes: readonly string[];
  mailbox: string;
  action: string;
  error?: string;
};

const STYLE = `
  :root { color-scheme: light dark; --accent: #2563eb; --muted: #5b6472; --border: #d0d5dd; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: Canvas; color: CanvasText; }
  main { max-width: 30rem; margin: 3rem auto; padding: 2rem; border: 1px solid var(--border); border-radius: 12px; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  .provider { margin: 0 0 1.5rem; color: var(--muted); font-weight: 600; }
  fieldset { border: 1px solid var(--border); border-radius: 8px; padding: .75rem 1rem; margin: 1.25rem 0; }
  legend { padding: 0 .25rem; font-weight: 600; }
  .scope { display: flex; gap: .6rem; align-items: flex-start; margin: .4rem 0; }
  .scope input { flex: none; margin-top: .3rem; width: 1.1rem; height: 1.1rem; }
  code { font-size: .8rem; color: var(--muted); display: block; }
  label[for=mailbox] { display: block; font-weight: 600; margin-bottom: .25rem; }
  input[type=email] { width: 100%; padding: .55rem .7rem; font: inherit; border: 1px solid var(--border); border-radius: 6px; }
  .hint { color: var(--muted); font-size: .875rem; }
  .error { border-left: 4px solid #dc2626; padding: .5rem .75rem; background: color-mix(in srgb, #dc2626 10%, transparent); }
  .actions { display: flex; gap: .75rem; justify-content: flex-start; margin-top: 1.5rem; }
  button { font: inherit; font-weight: 600; padding: .55rem 1.4rem; border-radius: 6px; border: 1px solid var(--border); background: transparent; color: inherit; cursor: pointer; }
  button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
  button:focus-visible, input:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Mail sandbox</h1>
${body}
</main>
</body>
</html>`;
}

/** The consent screen: one ticked checkbox per requested scope, a Mailbox field, Allow and Deny. */
export function renderConsentPage(input: ConsentPageInput): string {
  const scopes = input.scopes
    .map(
      (scope, index) => `<div class="scope">
<input type="checkbox" id="scope-${index}" name="scope" value="${escapeHtml(scope)}" checked>
<label for="scope-${index}">${escapeHtml(describeScope(scope))}<code>${escapeHtml(scope)}</code></label>
</div>`,
    )
    .join('\n');
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return page(`<p class="provider">${escapeHtml(input.providerLabel)}</p>
<p><strong>${escapeHtml(input.clientId)}</strong> wants to access a mailbox.</p>
${error}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
<label for="mailbox">Mailbox</label>
<input id="mailbox" name="mailbox" type="email" value="${escapeHtml(input.mailbox)}" required autocomplete="email">
<fieldset>
<legend>Permissions requested</legend>
${scopes}
</fieldset>
<p class="hint">This is a local sandbox: no real account is involved. A mailbox address it has not seen before is created with generated mail.</p>
<div class="actions">
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>`);
}

export function renderErrorPage(message: string): string {
  return page(`<p class="provider">Sign-in request rejected</p>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p class="hint">The application sent an invalid authorization request, so the sandbox cannot send you back to it.</p>`);
}
