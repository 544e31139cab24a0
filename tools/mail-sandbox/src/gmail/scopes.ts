import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestAuth } from '../oauth/authenticate';
import { hasAnyScope } from '../oauth/providers';
import { insufficientScopesBody, sendGoogleError } from './errors';

const BASE = 'https://www.googleapis.com/auth/';
const FULL = 'https://mail.google.com/';

export const GMAIL_READ = [FULL, `${BASE}gmail.modify`, `${BASE}gmail.readonly`, `${BASE}gmail.metadata`];
export const GMAIL_MODIFY = [FULL, `${BASE}gmail.modify`];
/** Permanent deletion needs the full-access scope, as on Gmail. */
export const GMAIL_DELETE = [FULL];
export const GMAIL_SEND = [FULL, `${BASE}gmail.modify`, `${BASE}gmail.compose`, `${BASE}gmail.send`];
export const GMAIL_PROFILE = [
  FULL,
  `${BASE}gmail.modify`,
  `${BASE}gmail.compose`,
  `${BASE}gmail.readonly`,
  `${BASE}gmail.metadata`,
];

export function hasGmailScope(
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly string[],
): boolean {
  if (hasAnyScope(requestAuth(request).scopes, scopes)) return true;
  sendGoogleError(reply, insufficientScopesBody());
  return false;
}
