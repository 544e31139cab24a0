import { FirmPage } from '../../features/firm/components/firm-page';
import { FirmRules } from '../../features/rules/components/firm-rules';

/** The Firm screen with the rules feature's firm rules (owners manage them, members read them). */
export function FirmRoute() {
  return <FirmPage rules={<FirmRules />} />;
}
