import type { FastifyReply } from 'fastify';

/** Consent pages carry no scripts or remote assets; the CSP says so (and lets the form redirect anywhere). */
export function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action *; frame-ancestors 'none'",
    )
    .send(html);
}
