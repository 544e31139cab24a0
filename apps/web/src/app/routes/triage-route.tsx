import { TriageConnectionControls } from '../../features/integrations/components/triage-connection-controls';
import { TriagePage } from '../../features/triage/components/triage-page';

/** The triage screen with the integrations feature's connection badge and sync controls in its header. */
export function TriageRoute() {
  return <TriagePage headerExtras={<TriageConnectionControls />} />;
}
