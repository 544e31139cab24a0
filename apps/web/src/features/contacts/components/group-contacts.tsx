import { ArrowLeft, FolderX } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/page';
import { SAMPLE_CONTACT_GROUPS, sampleGroupContacts } from '../sample-data/sample-contacts';
import { filterContacts } from '../utils/filter-contacts';
import { ContactGrid } from './contact-grid';

/** /contacts/groups/{id}: the group's name, a way back to all groups, and its contacts (search applies). */
export function GroupContacts({ groupId, query }: { groupId: string; query: string }) {
  const group = SAMPLE_CONTACT_GROUPS.find((candidate) => candidate.id === groupId);
  const members = sampleGroupContacts(groupId);
  const back = (
    <Link
      to="/contacts?tab=groups"
      className="inline-flex items-center gap-1.5 text-[13px] text-muted hover:text-fg"
    >
      <ArrowLeft className="size-4" aria-hidden />
      All groups
    </Link>
  );
  if (!group || !members) {
    return (
      <div className="flex flex-col gap-2">
        {back}
        <EmptyState
          icon={<FolderX />}
          title="Group not found"
          description="This group does not exist or has been removed."
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {back}
      <h2 className="text-[15px] font-semibold">
        {group.name}{' '}
        <span className="text-[13px] font-normal text-muted">
          · {group.count} {group.count === 1 ? 'contact' : 'contacts'}
        </span>
      </h2>
      <ContactGrid contacts={filterContacts(members, query)} query={query} />
    </div>
  );
}
