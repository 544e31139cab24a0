import { ComingSoonPage } from '../../../app/routes/coming-soon';

/** Placeholder until this screen is built. */
export function ProfilePage() {
  return <ComingSoonPage title="Profile" />;
}
