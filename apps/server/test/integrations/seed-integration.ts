import type { FastifyInstance } from 'fastify';
import { emailIntegrations, type IntegrationMetadata } from '../../src/db/schema/email-integrations';
import { withUser } from '../../src/db/with-user';

export const ACCESS_TOKEN_MARKER = 'plain-access-token-must-not-leak';
export const REFRESH_TOKEN_MARKER = 'plain-refresh-token-must-not-leak';

/** Inserts an integration row for `userId` the way the OAuth exchange would (through RLS). */
export async function seedIntegration(
  app: FastifyInstance,
  userId: string,
  fields: {
    provider?: 'office365' | 'gmail';
    emailAddress: string;
    isActive?: boolean;
    createdAt?: Date;
    tokenExpiresAt?: Date | null;
    lastSyncAt?: Date | null;
    metadata?: IntegrationMetadata;
  },
) {
  const [row] = await withUser(app.db, userId, (tx) =>
    tx
      .insert(emailIntegrations)
      .values({
        userId,
        provider: fields.provider ?? 'office365',
        emailAddress: fields.emailAddress,
        isActive: fields.isActive ?? true,
        accessToken: `${ACCESS_TOKEN_MARKER}-${fields.emailAddress}`,
        refreshToken: `${REFRESH_TOKEN_MARKER}-${fields.emailAddress}`,
        tokenExpiresAt:
          fields.tokenExpiresAt === undefined ? new Date(Date.now() + 3_600_000) : fields.tokenExpiresAt,
        lastSyncAt: fields.lastSyncAt ?? null,
        scopes: ['Mail.ReadWrite', 'Mail.Send'],
        metadata: fields.metadata ?? {},
        ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
      })
      .returning(),
  );
  if (!row) throw new Error('seed failed');
  return row;
}
