import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { SAMPLE_CONTACT_GROUPS, SAMPLE_CONTACTS } from '../sample-data/sample-contacts';
import { filterContacts } from '../utils/filter-contacts';
import { ContactGrid } from './contact-grid';
import { ContactSearch } from './contact-search';
import { GroupContacts } from './group-contacts';
import { GroupList } from './group-list';

type ContactsTab = 'people' | 'organizations' | 'groups';
const TABS: ContactsTab[] = ['people', 'organizations', 'groups'];

/** /contacts and /contacts/groups/{id} (spec §2 Contacts, sample): search, People / Organizations / Groups. */
export function ContactsPage() {
  const { id: groupId } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const requested = searchParams.get('tab') as ContactsTab | null;
  const tab: ContactsTab = groupId ? 'groups' : requested && TABS.includes(requested) ? requested : 'people';

  const people = filterContacts(
    SAMPLE_CONTACTS.filter((contact) => contact.type === 'PERSON'),
    query,
  );
  const organisations = filterContacts(
    SAMPLE_CONTACTS.filter((contact) => contact.type === 'ORGANISATION'),
    query,
  );
  const needle = query.trim().toLocaleLowerCase();
  const groups = SAMPLE_CONTACT_GROUPS.filter((group) => group.name.toLocaleLowerCase().includes(needle));

  return (
    <Page
      title="Contacts"
      description="Your clients and the people you work with there"
      actions={
        // Sample screen: Add Contact does nothing yet (spec §2).
        <Button variant="primary">
          <Plus aria-hidden />
          Add Contact
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <ContactSearch value={query} onChange={setQuery} />
        <Tabs
          value={tab}
          onValueChange={(next) => void navigate(next === 'people' ? '/contacts' : `/contacts?tab=${next}`)}
        >
          <TabsList aria-label="Contact types">
            <TabsTrigger value="people">
              People <TabCount count={people.length} />
            </TabsTrigger>
            <TabsTrigger value="organizations">
              Organizations <TabCount count={organisations.length} />
            </TabsTrigger>
            <TabsTrigger value="groups">
              Groups <TabCount count={groups.length} />
            </TabsTrigger>
          </TabsList>
          <TabsContent value="people" className="pt-4">
            <ContactGrid contacts={people} query={query} />
          </TabsContent>
          <TabsContent value="organizations" className="pt-4">
            <ContactGrid contacts={organisations} query={query} />
          </TabsContent>
          <TabsContent value="groups" className="pt-4">
            {groupId ? (
              <GroupContacts groupId={groupId} query={query} />
            ) : (
              <GroupList groups={groups} query={query} />
            )}
          </TabsContent>
        </Tabs>
      </div>
    </Page>
  );
}

function TabCount({ count }: { count: number }) {
  return (
    <span className="rounded-full bg-hover px-1.5 text-[11px] leading-5 font-semibold text-muted tabular-nums">
      {count}
    </span>
  );
}
