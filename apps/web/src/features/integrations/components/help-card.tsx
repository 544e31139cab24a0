import {
  ACTION_REQUIRED_TITLE,
  HELP_PRIVACY_TEXT,
  HELP_SYNC_TEXT,
  HELP_TIP,
  INACTIVE_WARNING,
  TOKEN_EXPIRED_WARNING,
} from '@ledgerdesk/domain/integrations/help-texts';
import { AlertTriangle, Clock, Lightbulb, ShieldCheck, XCircle } from 'lucide-react';

/** The help card of spec §2: automatic sync every minute, what is accessed, and the tip. */
export function HelpCard() {
  return (
    <section aria-labelledby="integration-help" className="rounded-lg border border-border bg-surface-2 p-4">
      <h2 id="integration-help" className="mb-3 text-sm font-semibold">
        How email sync works
      </h2>
      <ul className="flex flex-col gap-3 text-[13px] text-muted">
        <li className="flex gap-2">
          <Clock className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
          <span>{HELP_SYNC_TEXT}</span>
        </li>
        <li className="flex gap-2">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>{HELP_PRIVACY_TEXT}</span>
        </li>
        <li className="flex gap-2">
          <Lightbulb className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <span>{HELP_TIP}</span>
        </li>
      </ul>
    </section>
  );
}

/** "Action Required" warnings: an expired token (click Refresh) and inactive integrations (click Reactivate). */
export function ActionRequired({ hasExpired, hasInactive }: { hasExpired: boolean; hasInactive: boolean }) {
  if (!hasExpired && !hasInactive) return null;
  return (
    <div className="flex flex-col gap-2" role="alert">
      {hasExpired ? (
        <div className="flex gap-3 rounded-lg border border-warning/40 bg-warning-soft p-3 text-[13px]">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <div>
            <p className="font-semibold text-warning">{ACTION_REQUIRED_TITLE}</p>
            <p className="text-fg">{TOKEN_EXPIRED_WARNING}</p>
          </div>
        </div>
      ) : null}
      {hasInactive ? (
        <div className="flex gap-3 rounded-lg border border-danger/40 bg-danger-soft p-3 text-[13px]">
          <XCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
          <p className="text-fg">{INACTIVE_WARNING}</p>
        </div>
      ) : null}
    </div>
  );
}
