import { Construction } from 'lucide-react';
import { EmptyState, Page } from '../../components/ui/page';

/** A titled page in the app's layout that says plainly this area is coming. */
export function ComingSoonPage({ title, description }: { title: string; description?: string }) {
  return (
    <Page title={title}>
      <EmptyState
        icon={<Construction />}
        title={`${title} is coming soon`}
        description={
          description ??
          'This area of Ledgerdesk is not available yet. Everything else keeps working as usual.'
        }
      />
    </Page>
  );
}
