import { ArrowLeft, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, Page } from '../../../components/ui/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { sampleContactDetail } from '../sample-data/sample-contact-details';
import { findSampleContact } from '../sample-data/sample-contacts';
import { ContactDetailsTab } from './contact-details-tab';
import { ContactHeader } from './contact-header';
import { ContactTimeline } from './contact-timeline';
import { ContactWorkTab } from './contact-work-tab';

function BackLink() {
  return (
    <Link
      to="/contacts"
      className="inline-flex w-fit items-center gap-1.5 text-[13px] text-muted hover:text-fg"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back to contacts
    </Link>
  );
}

/** /contacts/{id} (spec §2 Contact detail, sample): header, then Timeline, Work and Details tabs. */
export function ContactDetailPage() {
  const { id = '' } = useParams();
  const contact = findSampleContact(id);
  if (!contact) {
    return (
      <Page title="Contact">
        <BackLink />
        <EmptyState
          icon={<UserX />}
          title="Contact not found"
          description="This contact does not exist or has been removed."
          action={
            <Button asChild variant="outline">
              <Link to="/contacts">Back to contacts</Link>
            </Button>
          }
        />
      </Page>
    );
  }
  const detail = sampleContactDetail(contact);
  return (
    <Page
      title={contact.name}
      description={contact.type === 'ORGANISATION' ? 'Organisation' : contact.organization}
    >
      <div className="flex flex-col gap-4">
        <BackLink />
        <ContactHeader contact={contact} status={detail.status} />
        <Tabs defaultValue="timeline">
          <TabsList aria-label="Contact sections">
            <TabsTrigger value="timeline">Timeline</TabsTrigger>
            <TabsTrigger value="work">Work</TabsTrigger>
            <TabsTrigger value="details">Details</TabsTrigger>
          </TabsList>
          <TabsContent value="timeline" className="pt-4">
            <ContactTimeline events={detail.timeline} />
          </TabsContent>
          <TabsContent value="work" className="pt-4">
            <ContactWorkTab work={detail.work} />
          </TabsContent>
          <TabsContent value="details" className="pt-4">
            <ContactDetailsTab contact={contact} />
          </TabsContent>
        </Tabs>
      </div>
    </Page>
  );
}
