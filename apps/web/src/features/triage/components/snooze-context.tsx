import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';
import { useSnooze } from '../api/snooze';
import { useUserTimeZone } from '../hooks/use-user-time-zone';

/** Snooze from anywhere on the triage screen: the row's quick action, the thread's menu, `h`, the palette. */
export type SnoozeControls = {
  /** Opens "Snooze until…" for these threads. */
  open: (groups: readonly ThreadGroupDto[]) => void;
  /** Brings snoozed threads back to Triage now. */
  unsnooze: (groups: readonly ThreadGroupDto[]) => void;
};

const SnoozeContext = createContext<SnoozeControls | null>(null);

// The dialog (and the time-zone arithmetic of its presets) loads with the first snooze.
const SnoozeDialog = lazy(() => import('./snooze-dialog').then((m) => ({ default: m.SnoozeDialog })));

/** The screen's snooze controls (null outside a SnoozeProvider). */
export function useSnoozeControls(): SnoozeControls | null {
  return useContext(SnoozeContext);
}

const SNOOZABLE = new Set(['inbox', 'later', 'low_priority', 'scheduled']);

/** Whether a thread may be snoozed: its newest item is in Triage (not Sent, Drafts or Cleared). */
export function canSnooze(group: ThreadGroupDto): boolean {
  const latest = group.latestEmail;
  const folder = latest.metadata?.exchange_folder_state;
  return SNOOZABLE.has(latest.status) && folder !== 'archive' && folder !== 'archived';
}

/** Whether a thread is snoozed: its newest item waits in Scheduled with a return time. */
export function isSnoozed(group: ThreadGroupDto): boolean {
  return group.latestEmail.status === 'scheduled' && Boolean(group.latestEmail.snoozedUntil);
}

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
