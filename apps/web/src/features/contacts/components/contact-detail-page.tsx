import { ComingSoonPage } from '../../../app/routes/coming-soon';

/** Placeholder until this screen is built. */
export function ContactDetailPage() {
  return <ComingSoonPage title="Contact" />;
}
