import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useSnooze } from './snooze';
import { SnoozeContext } from './use-snooze-controls';
import { useUserTimeZone } from './use-user-time-zone';

// The dialog (and the time-zone arithmetic of its presets) loads with the first snooze.
const SnoozeDialog = lazy(() => import('./snooze-dialog').then((m) => ({ default: m.SnoozeDialog })));

/** Holds the snooze dialog of the triage screen and offers its controls to everything inside. */
export function SnoozeProvider({ children }: { children: ReactNode }) {
  const timeZone = useUserTimeZone();
  const { snooze, unsnooze } = useSnooze();
  const [targets, setTargets] = useState<readonly ThreadGroupDto[]>([]);
  const [hasOpened, setHasOpened] = useState(false);
  const open = useCallback((groups: readonly ThreadGroupDto[]) => {
    if (groups.length === 0) return;
    setTargets(groups);
    setHasOpened(true);
  }, []);
  const unsnoozeGroups = useCallback(
    (groups: readonly ThreadGroupDto[]) => {
      const items = groups.flatMap((group) => group.emails.filter((email) => email.status === 'scheduled'));
      if (items.length > 0) unsnooze.mutate({ items });
    },
    [unsnooze],
  );
  const controls = useMemo(() => ({ open, unsnooze: unsnoozeGroups }), [open, unsnoozeGroups]);
  return (
    <SnoozeContext.Provider value={controls}>
      {children}
      {hasOpened ? (
        <Suspense fallback={null}>
          <SnoozeDialog
            isOpen={targets.length > 0}
            timeZone={timeZone}
            now={() => new Date()}
            onClose={() => setTargets([])}
            onSnooze={(until) => {
              const items = targets.flatMap((group) => group.emails);
              setTargets([]);
              snooze.mutate({ items, until, timeZone });
            }}
          />
        </Suspense>
      ) : null}
    </SnoozeContext.Provider>
  );
}
