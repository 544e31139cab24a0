import { MAX_AVATARS_SHOWN } from '@ledgerdesk/domain/constants';
import { Avatar } from '../../../components/ui/avatar';

/** Assignee avatars, overlapping: up to 3, then "+N". */
export function AssigneeStack({ names }: { names: string[] }) {
  const shown = names.slice(0, MAX_AVATARS_SHOWN);
  const hidden = names.length - shown.length;
  return (
    <div className="flex items-center" title={names.join(', ')}>
      <span className="sr-only">Assigned to {names.join(', ')}</span>
      <span aria-hidden className="flex -space-x-1">
        {shown.map((name) => (
          <Avatar key={name} name={name} size={24} className="ring-2 ring-surface" />
        ))}
        {hidden > 0 ? (
          <span className="inline-flex size-6 items-center justify-center rounded-full bg-hover text-[10px] font-semibold text-muted ring-2 ring-surface">
            +{hidden}
          </span>
        ) : null}
      </span>
    </div>
  );
}
