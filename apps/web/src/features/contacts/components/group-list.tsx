import type { ContactGroup } from '@ledgerdesk/domain/entities';
import { ChevronRight, FolderSearch, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/page';

/** Contact groups with their contact counts; each opens /contacts/groups/{id}. */
export function GroupList({ groups, query }: { groups: ContactGroup[]; query: string }) {
  if (groups.length === 0) {
    return (
      <EmptyState
        icon={<FolderSearch />}
        title={`No groups match “${query.trim()}”`}
        description="Try a different group name."
      />
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Groups">
      {groups.map((group) => (
        <li key={group.id}>
          <Link
            to={`/contacts/groups/${group.id}`}
            className="flex items-center gap-3 rounded-lg border border-border bg-surface p-3 transition-colors hover:border-accent/50 hover:bg-hover/40"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent">
              <UsersRound className="size-4" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-[13px] font-semibold">{group.name}</span>
              <span className="block text-[12px] text-muted">
                {group.count} {group.count === 1 ? 'contact' : 'contacts'}
              </span>
            </span>
            <ChevronRight className="size-4 text-subtle" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
