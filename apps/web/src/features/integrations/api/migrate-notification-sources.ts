import type { MigrateSourcesResponse } from '@ledgerdesk/domain/api/integrations';
import { api } from '../../../lib/api-client';

/** Creates one email notification source per active mailbox that has none (spec §7 auto-migration). */
export async function migrateNotificationSources(): Promise<number> {
  const { created } = await api<MigrateSourcesResponse>('/api/notification-sources/migrate', {
    method: 'POST',
  });
  return created;
}
