import {
  NOTIFICATION_SOURCE_OFF_PEAK_INTERVAL_MINUTES,
  NOTIFICATION_SOURCE_PEAK_INTERVAL_MINUTES,
  NOTIFICATION_SOURCE_PRIORITY,
  NOTIFICATION_SOURCE_SYNC_INTERVAL_MINUTES,
} from '../constants';
import type { EmailIntegration, NotificationSource } from '../entities';

export const MIGRATION_FAILED_TITLE = 'Migration Failed';
export const MIGRATION_FAILED_MESSAGE = 'Failed to migrate email integrations. Please try again.';
export const MIGRATION_COMPLETED_TITLE = 'Migration Completed';

/** A notification source to create (the server adds id and user id). */
export type NewNotificationSource = Omit<NotificationSource, 'id' | 'userId'>;

type SourceInput = Pick<NotificationSource, 'sourceType' | 'sourceName' | 'configuration'>;

/** A migration runs before a sync when active integrations outnumber email notification sources. */
export function needsMigration(
  activeIntegrations: readonly Pick<EmailIntegration, 'isActive'>[],
  emailSources: readonly Pick<NotificationSource, 'sourceType'>[],
): boolean {
  const active = activeIntegrations.filter((integration) => integration.isActive).length;
  const sources = emailSources.filter((source) => source.sourceType === 'email').length;
  return active > sources;
}

function hasSourceFor(
  integration: Pick<EmailIntegration, 'id' | 'emailAddress'>,
  sources: readonly SourceInput[],
) {
  const address = integration.emailAddress.toLowerCase();
  return sources.some(
    (source) =>
      source.sourceType === 'email' &&
      (source.configuration?.integration_id === integration.id ||
        source.sourceName.toLowerCase() === address),
  );
}

/** One email source per active mailbox that has none yet: interval 1, peak 1, off-peak 3, priority 8 (office365) / 7 (gmail). */
export function migrationSourcesFor(
  integrations: readonly Pick<EmailIntegration, 'id' | 'provider' | 'emailAddress' | 'isActive'>[],
  existingSources: readonly SourceInput[],
  now: Date,
): NewNotificationSource[] {
  return integrations
    .filter((integration) => integration.isActive && !hasSourceFor(integration, existingSources))
    .map((integration) => ({
      sourceType: 'email',
      sourceName: integration.emailAddress,
      isActive: true,
      syncEnabled: true,
      syncIntervalMinutes: NOTIFICATION_SOURCE_SYNC_INTERVAL_MINUTES,
      peakHoursIntervalMinutes: NOTIFICATION_SOURCE_PEAK_INTERVAL_MINUTES,
      offPeakIntervalMinutes: NOTIFICATION_SOURCE_OFF_PEAK_INTERVAL_MINUTES,
      priority: NOTIFICATION_SOURCE_PRIORITY[integration.provider],
      configuration: {
        provider: integration.provider,
        integration_id: integration.id,
        last_migrated_at: now.toISOString(),
      },
    }));
}

/** The "Migration Completed" toast. */
export function migrationCompletedMessage(created: number): { title: string; description: string } {
  return {
    title: MIGRATION_COMPLETED_TITLE,
    description: `${created} email ${created === 1 ? 'integration' : 'integrations'} migrated to notification sources.`,
  };
}
