import {
  changePasswordSchema,
  credentialsBodySchema,
  signOutSchema,
  updateUserSchema,
} from '@ledgerdesk/domain/auth/account-changes';
import type { ApiRoute } from '../http/define-route';

/**
 * The better-auth endpoints the app uses, all answered by auth-routes' one `/api/auth/*` route: declared
 * here so the OpenAPI document and the security sweeps cover them like every other route.
 */
export const AUTH_ROUTES: readonly ApiRoute[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    summary: 'Sign up (spec §5).',
    needsSession: false,
    body: credentialsBodySchema,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    summary: 'Sign in; rate-limited per client, per (account, client) and per account.',
    needsSession: false,
    body: credentialsBodySchema,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-out',
    summary: 'Sign out.',
    needsSession: true,
    body: signOutSchema,
  },
  {
    method: 'GET',
    path: '/api/auth/get-session',
    summary: 'The current session and user.',
    needsSession: false,
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    summary: 'Change the password (sign-up rules); ends every other session.',
    needsSession: true,
    body: changePasswordSchema,
  },
  {
    method: 'POST',
    path: '/api/auth/update-user',
    summary: 'Update the display name or image.',
    needsSession: true,
    body: updateUserSchema,
  },
];
