import type { FastifyInstance } from 'fastify';

export type FormBody = Record<string, string | string[]>;

// Gmail accepts 35 MB messages; Graph up to ~4 MB JSON bodies with attachments inline.
const BODY_LIMIT = 50 * 1024 * 1024;

function replaceParser(app: FastifyInstance, type: string): void {
  if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
}

export function parseForm(text: string): FormBody {
  const out: FormBody = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}

/**
 * Body parsers for the sandbox only (the plugin is encapsulated, so the parent app keeps its own):
 * forms (OAuth), JSON (tolerating empty bodies, as Google does), multipart/mixed (Gmail batch),
 * message/rfc822 (Gmail media upload) and anything else as raw bytes.
 */
export function registerParsers(app: FastifyInstance): void {
  replaceParser(app, 'application/x-www-form-urlencoded');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, parseForm(String(body))),
  );
  replaceParser(app, 'application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('Invalid JSON payload received.'), { statusCode: 400 }), undefined);
      }
    },
  );
  replaceParser(app, 'text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, String(body)),
  );
  for (const type of ['multipart/mixed', 'message/rfc822']) {
    replaceParser(app, type);
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
  }
  replaceParser(app, '*');
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
}
