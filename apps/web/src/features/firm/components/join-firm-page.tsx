import { FIRM_TEXTS, WRONG_ACCOUNT_CODE } from '@ledgerdesk/domain/api/firms-endpoints';
import { Building2, LogOut } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSignOut } from '../../../app/layout/use-sign-out';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Page } from '../../../components/ui/page';
import { ApiError } from '../../../lib/api-client';
import { useAcceptInvitation, useInvitationPreview } from '../../../lib/firm-query';
import { toast } from '../../../lib/toast';

/**
 * /firm/join?token=…: the accept-invitation screen a copied or emailed invitation link opens. An invitation is
 * for the address it was sent to: signed in with another account, the screen says whose it is and how to switch.
 */
export function JoinFirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const acceptRefusedAccount = accept.error instanceof ApiError && accept.error.code === WRONG_ACCOUNT_CODE;
  const refusal = refusalOf(accept.error);
  const invitedEmail = preview.data?.email ?? refusal.invitedEmail;
  const signedInAs = preview.data?.signedInAs ?? refusal.signedInEmail;
  const isForAnother = (preview.data !== undefined && !preview.data.forYou) || acceptRefusedAccount;
  return (
    <Page title="Join a firm">
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>
            {preview.data
              ? `You have been invited to ${preview.data.firmName}`
              : 'You have been invited to a firm'}
          </CardTitle>
          <p className="text-[13px] text-muted">
            Members triage the mailboxes shared with the firm together. Your own mailboxes stay private unless
            you share them. You can belong to one firm at a time.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {!token ? (
            <p role="alert" className="text-[13px] font-medium text-danger">
              {FIRM_TEXTS.invitationInvalid}
            </p>
          ) : preview.isError && !(preview.error instanceof ApiError && preview.error.status >= 500) ? (
            <p role="alert" className="text-[13px] font-medium text-danger">
              {preview.error.message}
            </p>
          ) : isForAnother && invitedEmail ? (
            <WrongAccount invitedEmail={invitedEmail} signedInAs={signedInAs} />
          ) : (
            <>
              {accept.isError ? (
                <p role="alert" className="text-[13px] font-medium text-danger">
                  {accept.error.message}
                </p>
              ) : null}
              {preview.data ? (
                <p className="text-[13px]">
                  This invitation is for <strong>{preview.data.email}</strong>, the address you are signed in
                  with.
                </p>
              ) : null}
              <Button
                variant="primary"
                className="self-start"
                disabled={accept.isPending || preview.isPending}
                onClick={() =>
                  accept.mutate(token, {
                    onSuccess: (response) => {
                      toast.success('You joined the firm', { description: response?.firm?.name });
                      void navigate('/firm');
                    },
                  })
                }
              >
                <Building2 aria-hidden />
                Accept invitation
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}

/** Signed in as someone else: whose invitation it is, and the way to switch accounts. */
function WrongAccount({ invitedEmail, signedInAs }: { invitedEmail: string; signedInAs: string }) {
  const signOut = useSignOut();
  return (
    <div role="alert" className="flex flex-col gap-3 text-[13px]" data-testid="invitation-wrong-account">
      <p className="font-medium text-danger">
        This invitation is for <strong>{invitedEmail}</strong>
        {signedInAs ? (
          <>
            , but you are signed in as <strong>{signedInAs}</strong>
          </>
        ) : null}
        .
      </p>
      <p>
        To accept it, sign out, sign in (or sign up) as {invitedEmail}, then open this invitation link again.
        Or ask the firm owner to invite the address you use.
      </p>
      <Button variant="secondary" className="self-start" onClick={() => void signOut()}>
        <LogOut aria-hidden />
        Sign out to switch accounts
      </Button>
    </div>
  );
}

/** The addresses a refusal for another account names (its details). */
function refusalOf(error: unknown): { invitedEmail: string; signedInEmail: string } {
  const details = (error instanceof ApiError ? error.details : undefined) as
    | { invitedEmail?: unknown; signedInEmail?: unknown }
    | undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { invitedEmail: text(details?.invitedEmail), signedInEmail: text(details?.signedInEmail) };
}
