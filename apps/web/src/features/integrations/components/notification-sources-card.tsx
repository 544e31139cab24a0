import type { EmailIntegrationDto, NotificationSourceDto } from '@ledgerdesk/domain/api/integrations';
import {
  MIGRATION_FAILED_MESSAGE,
  MIGRATION_FAILED_TITLE,
  migrationCompletedMessage,
  needsMigration,
} from '@ledgerdesk/domain/integrations/migration';
import {
  SOURCE_DELETED_TITLE,
  SOURCE_UPDATED_TITLE,
  sourceFailureMessage,
} from '@ledgerdesk/domain/integrations/notification-source-messages';
import { useQueryClient } from '@tanstack/react-query';
import { Bell, Trash2, Wand2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDeleteNotificationSource, useToggleNotificationSource } from '../api/change-notification-source';
import { useNotificationSources } from '../api/get-notification-sources';
import { integrationKeys } from '../api/integration-keys';
import { migrateNotificationSources } from '../api/migrate-notification-sources';
import { errorText, notify } from '../utils/notify';

/** The user's notification sources: sync on/off, delete, and the migration from connected mailboxes. */
export function NotificationSourcesCard({ integrations }: { integrations: readonly EmailIntegrationDto[] }) {
  const sources = useNotificationSources();
  const queryClient = useQueryClient();
  const [isMigrating, setIsMigrating] = useState(false);
  const list = sources.data ?? [];
  const canMigrate = sources.isSuccess && needsMigration(integrations, list);

  const migrate = async () => {
    setIsMigrating(true);
    try {
      notify(migrationCompletedMessage(await migrateNotificationSources()), 'success');
    } catch {
      notify({ title: MIGRATION_FAILED_TITLE, description: MIGRATION_FAILED_MESSAGE, tone: 'destructive' });
    } finally {
      setIsMigrating(false);
      await queryClient.invalidateQueries({ queryKey: integrationKeys.sources() });
    }
  };

  return (
    <section aria-labelledby="notification-sources" className="rounded-lg border border-border bg-surface">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
        <div>
          <h2 id="notification-sources" className="text-sm font-semibold">
            Notification sources
          </h2>
          <p className="text-[13px] text-muted">Where triage items come from, highest priority first.</p>
        </div>
        {canMigrate ? (
          <Button size="sm" variant="outline" disabled={isMigrating} onClick={() => void migrate()}>
            <Wand2 aria-hidden />
            {isMigrating ? 'Creating...' : 'Add sources for mailboxes'}
          </Button>
        ) : null}
      </div>
      {sources.isPending ? (
        <div className="flex flex-col gap-2 p-4">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : sources.isError ? (
        <p className="p-4 text-[13px] text-danger" role="alert">
          Could not load notification sources. {errorText(sources.error)}
        </p>
      ) : list.length === 0 ? (
        <p className="flex items-center gap-2 p-4 text-[13px] text-muted">
          <Bell className="size-4" aria-hidden />
          No notification sources yet. One is created for each mailbox before its first manual sync.
        </p>
      ) : (
        <ul className="divide-y divide-border">
          {list.map((source) => (
            <SourceRow key={source.id} source={source} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SourceRow({ source }: { source: NotificationSourceDto }) {
  const toggle = useToggleNotificationSource();
  const remove = useDeleteNotificationSource();
  const switchId = `source-sync-${source.id}`;

  const onToggle = (syncEnabled: boolean) =>
    toggle.mutate(
      { id: source.id, syncEnabled },
      {
        onSuccess: () =>
          notify(
            {
              title: SOURCE_UPDATED_TITLE,
              description: `Syncing ${syncEnabled ? 'enabled' : 'paused'} for ${source.sourceName}.`,
            },
            'success',
          ),
        onError: (error) =>
          notify({ ...sourceFailureMessage('toggle', errorText(error)), tone: 'destructive' }),
      },
    );
  const onDelete = () =>
    remove.mutate(source.id, {
      onSuccess: () =>
        notify({ title: SOURCE_DELETED_TITLE, description: `${source.sourceName} was removed.` }, 'success'),
      onError: (error) =>
        notify({ ...sourceFailureMessage('delete', errorText(error)), tone: 'destructive' }),
    });

  return (
    <li className="flex items-center gap-3 px-4 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="truncate text-[13px] font-medium">{source.sourceName}</p>
        <p className="text-[12px] text-muted">
          {source.sourceType} · priority {source.priority} · every {source.syncIntervalMinutes} min (peak{' '}
          {source.peakHoursIntervalMinutes}, off-peak {source.offPeakIntervalMinutes})
        </p>
      </div>
      <label htmlFor={switchId} className="text-[12px] text-muted">
        Sync
      </label>
      <Switch.Root
        id={switchId}
        checked={
          toggle.isPending ? (toggle.variables?.syncEnabled ?? source.syncEnabled) : source.syncEnabled
        }
        disabled={toggle.isPending}
        onCheckedChange={onToggle}
        aria-label={`Sync ${source.sourceName}`}
        className="relative h-5 w-9 shrink-0 rounded-full bg-border transition-colors data-[state=checked]:bg-accent disabled:opacity-60"
      >
        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
      </Switch.Root>
      <Button
        size="icon-sm"
        variant="ghost"
        disabled={remove.isPending}
        onClick={onDelete}
        aria-label={`Delete ${source.sourceName}`}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
