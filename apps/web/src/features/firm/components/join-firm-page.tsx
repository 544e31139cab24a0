import { Building2 } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Page } from '../../../components/ui/page';
import { useAcceptInvitation } from '../../../lib/firm-query';
import { toast } from '../../../lib/toast';

/** /firm/join?token=…: the accept-invitation screen a copied or emailed invitation link opens. */
export function JoinFirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  return (
    <Page title="Join a firm">
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>You have been invited to a firm</CardTitle>
          <p className="text-[13px] text-muted">
            Members triage the mailboxes shared with the firm together. Your own mailboxes stay private unless
            you share them. You can belong to one firm at a time.
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {accept.isError ? (
            <p role="alert" className="text-[13px] font-medium text-danger">
              {accept.error.message}
            </p>
          ) : null}
          {token ? (
            <Button
              variant="primary"
              className="self-start"
              disabled={accept.isPending}
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
          ) : (
            <p role="alert" className="text-[13px] font-medium text-danger">
              This invitation link is not valid.
            </p>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
