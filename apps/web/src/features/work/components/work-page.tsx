import { ComingSoonPage } from '../../../app/routes/coming-soon';

/** Placeholder until this screen is built. */
export function WorkPage() {
  return <ComingSoonPage title="Work" />;
}
