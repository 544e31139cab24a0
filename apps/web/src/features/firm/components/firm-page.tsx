import { FIRM_NAME_MAX_LENGTH, type FirmDto } from '@ledgerdesk/domain/api/firms-endpoints';
import { Building2, Copy, Crown, Mail, UserMinus, UserRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Page } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  useCreateFirm,
  useFirm,
  useInvite,
  useLeaveFirm,
  useRemoveMember,
  useRenameFirm,
  useRevokeInvitation,
  useSetMemberRole,
} from '../../../lib/firm-query';
import { toast } from '../../../lib/toast';

/**
 * The Firm screen (decision 012): create or rename the firm, invite by a copyable link, members, leave; and the firm's
 * rules (decision 025), composed in by the app (`rules`).
 */
export function FirmPage({ rules }: { rules?: ReactNode } = {}) {
  const firm = useFirm();
  if (firm.isPending) {
    return (
      <Page title="Firm">
        <Skeleton className="h-32 w-full max-w-2xl" />
      </Page>
    );
  }
  if (firm.isError) {
    return (
      <Page title="Firm">
        <p role="alert" className="text-danger">
          {firm.error.message}
        </p>
      </Page>
    );
  }
  const current = firm.data.firm;
  return current ? <FirmDetails firm={current} rules={rules} /> : <CreateFirm />;
}

function CreateFirm() {
  const [name, setName] = useState('');
  const create = useCreateFirm();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: () => toast.success('Firm created', { description: name.trim() }),
      onError: (error) => toast.error('Could not create the firm', { description: error.message }),
    });
  };
  return (
    <Page title="Firm" description="Share mailboxes and triage together.">
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>Create a firm</CardTitle>
          <p className="text-[13px] text-muted">
            You will be its owner and can invite colleagues. Invited? Open the link from your invitation
            instead.
          </p>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex flex-1 flex-col gap-1.5">
              <Label htmlFor="firm-name">Firm name</Label>
              <Input
                id="firm-name"
                value={name}
                maxLength={FIRM_NAME_MAX_LENGTH}
                onChange={(event) => setName(event.target.value)}
                placeholder="Northgate Accounting"
              />
            </div>
            <Button type="submit" variant="primary" disabled={!name.trim() || create.isPending}>
              <Building2 aria-hidden />
              Create firm
            </Button>
          </form>
        </CardContent>
      </Card>
    </Page>
  );
}

function FirmDetails({ firm, rules }: { firm: FirmDto; rules?: ReactNode }) {
  const isOwner = firm.role === 'owner';
  const leave = useLeaveFirm();
  const removeMember = useRemoveMember();
  const setRole = useSetMemberRole();
  return (
    <Page
      title={firm.name}
      description={isOwner ? 'You own this firm.' : 'You are a member of this firm.'}
      actions={
        <Button
          variant="danger-outline"
          disabled={leave.isPending}
          onClick={() => {
            if (!window.confirm(`Leave ${firm.name}? Its shared mailboxes disappear for you at once.`))
              return;
            leave.mutate(undefined, {
              onSuccess: () => toast.success('You left the firm', { description: firm.name }),
              onError: (error) => toast.error('Could not leave the firm', { description: error.message }),
            });
          }}
        >
          Leave firm
        </Button>
      }
    >
      <div className="flex max-w-3xl flex-col gap-4">
        {isOwner ? <RenameFirm firm={firm} /> : null}
        {isOwner ? <InviteMember firm={firm} /> : null}
        <Card>
          <CardHeader>
            <CardTitle>Members ({firm.members.length})</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-border" aria-label="Members">
              {firm.members.map((member) => (
                <li
                  key={member.userId}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
                  data-testid="firm-member"
                >
                  <div className="min-w-[12rem] flex-1">
                    <p className="truncate text-sm font-medium">
                      {member.name}
                      {member.isYou ? <span className="font-normal text-muted"> (you)</span> : null}
                    </p>
                    <p className="truncate text-[13px] text-muted">{member.email}</p>
                  </div>
                  <Badge tone={member.role === 'owner' ? 'accent' : 'neutral'}>
                    {member.role === 'owner' ? 'Owner' : 'Member'}
                  </Badge>
                  {isOwner && !member.isYou ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={
                        member.role === 'owner'
                          ? `Make ${member.name} a member`
                          : `Make ${member.name} an owner`
                      }
                      disabled={setRole.isPending}
                      onClick={() => {
                        const role = member.role === 'owner' ? 'member' : 'owner';
                        setRole.mutate(
                          { userId: member.userId, role },
                          {
                            onSuccess: () =>
                              toast.success(role === 'owner' ? 'Owner added' : 'Owner changed to member', {
                                description: member.name,
                              }),
                            onError: (error) =>
                              toast.error('Could not change the role', { description: error.message }),
                          },
                        );
                      }}
                    >
                      {member.role === 'owner' ? <UserRound aria-hidden /> : <Crown aria-hidden />}
                      {member.role === 'owner' ? 'Make member' : 'Make owner'}
                    </Button>
                  ) : null}
                  {isOwner && member.role !== 'owner' ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove ${member.name}`}
                      disabled={removeMember.isPending}
                      onClick={() => {
                        if (!window.confirm(`Remove ${member.name} from ${firm.name}?`)) return;
                        removeMember.mutate(member.userId, {
                          onSuccess: () => toast.success('Member removed', { description: member.name }),
                          onError: (error) =>
                            toast.error('Could not remove the member', { description: error.message }),
                        });
                      }}
                    >
                      <UserMinus aria-hidden />
                      Remove
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Shared mailboxes</CardTitle>
            <p className="text-[13px] text-muted">
              Each member shares their own mailboxes from Email Integration. Everyone in the firm triages them
              together.
            </p>
          </CardHeader>
          <CardContent>
            {firm.sharedMailboxes.length === 0 ? (
              <p className="text-[13px] text-muted">No mailbox is shared yet.</p>
            ) : (
              <ul className="divide-y divide-border">
                {firm.sharedMailboxes.map((mailbox) => (
                  <li key={mailbox.integrationId} className="flex items-center gap-3 py-2">
                    <Mail className="size-4 text-muted" aria-hidden />
                    <a
                      className="min-w-0 flex-1 truncate text-sm font-medium text-accent hover:underline"
                      href={`/triage/shared/${mailbox.integrationId}`}
                    >
                      {mailbox.emailAddress}
                    </a>
                    <span className="text-[13px] text-muted">shared by {mailbox.ownerName}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        {rules}
      </div>
    </Page>
  );
}

function RenameFirm({ firm }: { firm: FirmDto }) {
  const [name, setName] = useState(firm.name);
  const rename = useRenameFirm();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Firm name</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-2 sm:flex-row"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate(name.trim(), {
              onSuccess: () => toast.success('Firm renamed', { description: name.trim() }),
              onError: (error) => toast.error('Could not rename the firm', { description: error.message }),
            });
          }}
        >
          <Input
            aria-label="Firm name"
            value={name}
            maxLength={FIRM_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            className="min-w-0 sm:flex-1"
          />
          <Button type="submit" disabled={!name.trim() || name.trim() === firm.name || rename.isPending}>
            Rename
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function InviteMember({ firm }: { firm: FirmDto }) {
  const [email, setEmail] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const invite = useInvite();
  const revoke = useRevokeInvitation();
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Invitation link copied');
    } catch {
      toast.error('Could not copy: select the link and copy it yourself');
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a colleague</CardTitle>
        <p className="text-[13px] text-muted">
          The link works once, only for the address you invite, and expires in 3 days. It is shown only now:
          copy it and send it.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            invite.mutate(email.trim(), {
              onSuccess: (created) => {
                setLink(created.link);
                setEmail('');
                toast.success(created.emailed ? 'Invitation sent' : 'Invitation link ready', {
                  description: created.invitation.email,
                });
              },
              onError: (error) => toast.error('Could not invite', { description: error.message }),
            });
          }}
        >
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor="invite-email">Email</Label>
            <Input
              id="invite-email"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="colleague@firm.com"
            />
          </div>
          <Button type="submit" variant="primary" disabled={!email.trim() || invite.isPending}>
            Create invitation link
          </Button>
        </form>
        {link ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="invite-link">Invitation link</Label>
            <div className="flex gap-2">
              <Input
                id="invite-link"
                readOnly
                value={link}
                onFocus={(event) => event.currentTarget.select()}
                className="flex-1 font-mono text-[12px]"
              />
              <Button onClick={() => void copy(link)}>
                <Copy aria-hidden />
                Copy link
              </Button>
            </div>
          </div>
        ) : null}
        {firm.invitations.length > 0 ? (
          <ul className="divide-y divide-border" aria-label="Pending invitations">
            {firm.invitations.map((invitation) => (
              <li key={invitation.id} className="flex items-center gap-3 py-2 text-[13px]">
                <span className="min-w-0 flex-1 truncate">{invitation.email}</span>
                <span className="text-muted">
                  expires {new Date(invitation.expiresAt).toLocaleDateString()}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                  onClick={() => revoke.mutate(invitation.id)}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
