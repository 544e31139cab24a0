import { ComingSoonPage } from '../../../app/routes/coming-soon';

/** Placeholder until this screen is built. */
export function EmailIntegrationPage() {
  return <ComingSoonPage title="Email Integration" />;
}
