import { ComingSoonPage } from '../../../app/routes/coming-soon';

/** Placeholder until this screen is built. */
export function IntelligencePage() {
  return <ComingSoonPage title="Intelligence" />;
}
