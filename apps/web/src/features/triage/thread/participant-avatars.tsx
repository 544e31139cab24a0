import { MAX_AVATARS_SHOWN } from '@ledgerdesk/domain/constants';
import { extraAvatarsLabel } from '@ledgerdesk/domain/triage/triage-page-texts';
import { Avatar } from '../../../components/ui/avatar';
import { senderInitialsName } from '../utils/sender';

/** Up to three overlapping participant avatars, then "+N" (spec §2). */
export function ParticipantAvatars({ participants, size = 24 }: { participants: string[]; size?: number }) {
  const shown = participants.slice(0, MAX_AVATARS_SHOWN);
  const extra = extraAvatarsLabel(participants.length, shown.length);
  return (
    <div className="flex shrink-0 items-center -space-x-1.5" data-testid="participant-avatars">
      {shown.map((participant) => (
        <Avatar
          key={participant}
          name={senderInitialsName(participant)}
          size={size}
          className="ring-2 ring-surface"
        />
      ))}
      {extra ? (
        <span
          className="inline-flex items-center justify-center rounded-full bg-surface-2 text-[10px] font-semibold text-muted ring-2 ring-surface"
          style={{ width: size, height: size }}
        >
          {extra}
        </span>
      ) : null}
    </div>
  );
}
