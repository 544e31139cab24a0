import { TOKEN_BADGE_WINDOW_MINUTES, TOKEN_MANUAL_UPDATE_WINDOW_MINUTES } from '../constants';
import type { EmailIntegration } from '../entities';
import { isExpiringWithin, isTokenExpired } from './token-expiry';

export type ToastMessage = { title: string; description: string; tone?: 'destructive' };

export const NO_ACTIVE_INTEGRATIONS_TITLE = 'No Active Integrations';
export const TOKENS_ARE_CURRENT_TITLE = 'Tokens Are Current';
export const EMAIL_UPDATE_COMPLETE_TITLE = 'Email Update Complete';
export const PARTIAL_UPDATE_SUCCESS_TITLE = 'Partial Update Success';
export const TOKEN_UPDATE_FAILED_TITLE = 'Update Failed';

type TokenInput = Pick<EmailIntegration, 'isActive' | 'tokenExpiresAt'>;

/** The manual token update's targets: active integrations whose token expires within 60 minutes (or has). */
export function integrationsToRefresh<T extends TokenInput>(integrations: readonly T[], now: Date): T[] {
  return integrations.filter(
    (integration) =>
      integration.isActive &&
      isExpiringWithin(integration.tokenExpiresAt, TOKEN_MANUAL_UPDATE_WINDOW_MINUTES, now),
  );
}

/** Inputs of tokenButtonLabel: any active expired token; any active token expiring within 30 minutes. */
export function tokenButtonState(
  integrations: readonly TokenInput[],
  now: Date,
): { hasExpiredTokens: boolean; hasExpiringSoonTokens: boolean } {
  const active = integrations.filter((integration) => integration.isActive);
  return {
    hasExpiredTokens: active.some((integration) => isTokenExpired(integration.tokenExpiresAt, now)),
    hasExpiringSoonTokens: active.some((integration) =>
      isExpiringWithin(integration.tokenExpiresAt, TOKEN_BADGE_WINDOW_MINUTES, now),
    ),
  };
}

export const NO_ACTIVE_INTEGRATIONS_MESSAGE: ToastMessage = {
  title: NO_ACTIVE_INTEGRATIONS_TITLE,
  description: 'There are no active email integrations to update. Connect or reactivate an account first.',
};

/** "Tokens Are Current", listing the hours remaining for each active integration. */
export function tokensAreCurrentMessage(
  integrations: readonly Pick<EmailIntegration, 'isActive' | 'tokenExpiresAt' | 'emailAddress'>[],
  now: Date,
): ToastMessage {
  const remaining = integrations
    .filter((integration) => integration.isActive && integration.tokenExpiresAt)
    .map((integration) => {
      const hours = Math.floor((Date.parse(integration.tokenExpiresAt!) - now.getTime()) / 3_600_000);
      return `${integration.emailAddress}: ${hours}h remaining`;
    });
  const detail = remaining.length > 0 ? ` (${remaining.join(', ')})` : '';
  return {
    title: TOKENS_ARE_CURRENT_TITLE,
    description: `All email tokens are valid for more than ${TOKEN_MANUAL_UPDATE_WINDOW_MINUTES} minutes${detail}. No update needed.`,
  };
}

/** The toast after a manual token update of several integrations. */
export function tokenUpdateResultMessage(result: { refreshed: number; failed: number }): ToastMessage {
  const { refreshed, failed } = result;
  if (failed === 0) {
    return {
      title: EMAIL_UPDATE_COMPLETE_TITLE,
      description: `${refreshed} email ${refreshed === 1 ? 'connection' : 'connections'} refreshed.`,
    };
  }
  if (refreshed > 0) {
    return {
      title: PARTIAL_UPDATE_SUCCESS_TITLE,
      description: `${refreshed} refreshed, ${failed} failed. Reconnect the failed ${failed === 1 ? 'account' : 'accounts'} in Email Settings.`,
      tone: 'destructive',
    };
  }
  return {
    title: TOKEN_UPDATE_FAILED_TITLE,
    description:
      'No email connection could be refreshed. Please reconnect your email account in Email Settings.',
    tone: 'destructive',
  };
}
