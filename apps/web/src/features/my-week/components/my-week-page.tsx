import { ComingSoonPage } from '../../../app/routes/coming-soon';

/** Placeholder until this screen is built. */
export function MyWeekPage() {
  return <ComingSoonPage title="My Week" />;
}
