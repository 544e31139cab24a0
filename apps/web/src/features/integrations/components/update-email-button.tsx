import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { KeyRound, Loader2 } from 'lucide-react';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { useTokenUpdate } from '../hooks/use-token-update';

/** The refresh-all token control: "Update Email", "Refresh Tokens", "Fix Expired Tokens" or "Updating...". */
export function UpdateEmailButton({
  integrations,
  now,
  size = 'md',
  isCompact = false,
}: {
  integrations: readonly EmailIntegrationDto[];
  now: Date;
  size?: ButtonProps['size'];
  /** Icon only below the small breakpoint (the label stays for screen readers). */
  isCompact?: boolean;
}) {
  const { update, isUpdating, label, hasExpiredTokens } = useTokenUpdate(integrations, now);
  return (
    <Button
      size={size}
      variant={hasExpiredTokens ? 'primary' : 'outline'}
      disabled={isUpdating}
      onClick={() => void update()}
      data-testid="update-email-button"
    >
      {isUpdating ? <Loader2 className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
      <span className={isCompact ? 'max-sm:sr-only' : undefined}>{label}</span>
    </Button>
  );
}
