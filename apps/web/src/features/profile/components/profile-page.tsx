import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState, Page } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useProfile } from '../../../lib/profile-query';
import { AvatarCard } from './avatar-card';
import { ProfileForm } from './profile-form';
import { UndoWindowCard } from './undo-window-card';

/**
 * /profile (spec §2 Profile): the picture, the profile form, capacity and notification toggles; with
 * `templatesTab` (composed in by src/app) a Templates tab beside them, reachable as /profile?tab=templates.
 */
export function ProfilePage({ templatesTab }: { templatesTab?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab = templatesTab && params.get('tab') === 'templates' ? 'templates' : 'profile';
  const details = <ProfileDetails />;
  return (
    <Page title="Profile" description="How colleagues see you, and how Ledgerdesk reaches you.">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        {templatesTab ? (
          <Tabs
            value={tab}
            onValueChange={(value) =>
              setParams(value === 'templates' ? { tab: 'templates' } : {}, { replace: true })
            }
          >
            <TabsList aria-label="Profile sections" className="mb-4">
              <TabsTrigger value="profile">Profile</TabsTrigger>
              <TabsTrigger value="templates">Templates</TabsTrigger>
            </TabsList>
            <TabsContent value="profile" className="flex flex-col gap-4">
              {details}
            </TabsContent>
            <TabsContent value="templates">{templatesTab}</TabsContent>
          </Tabs>
        ) : (
          details
        )}
      </div>
    </Page>
  );
}

function ProfileDetails() {
  const profile = useProfile();
  if (profile.data) {
    return (
      <>
        <AvatarCard profile={profile.data} />
        <ProfileForm profile={profile.data} />
        <UndoWindowCard />
        <RulesLinkCard />
      </>
    );
  }
  if (profile.isError) {
    return (
      <Card>
        <EmptyState
          icon={<AlertTriangle />}
          title="Your profile could not be loaded"
          description={profile.error.message}
          action={
            <Button onClick={() => void profile.refetch()} variant="outline">
              Try Again
            </Button>
          }
        />
      </Card>
    );
  }
  return <ProfileSkeleton />;
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading profile" className="flex flex-col gap-4">
      <Card className="flex items-center gap-4 p-4">
        <Skeleton className="size-16 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-56" />
        </div>
      </Card>
      <Card className="grid gap-4 p-4 sm:grid-cols-2">
        {['a', 'b', 'c', 'd'].map((key) => (
          <div key={key} className="flex flex-col gap-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
      </Card>
    </div>
  );
}

/** Where one's rules live (decision 025): their own screen, linked from here and the command palette. */
function RulesLinkCard() {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <h2 className="text-sm font-semibold">Rules</h2>
        <p className="text-[13px] text-muted">
          Say once what happens to a kind of mail: newsletters, statements, notices.
        </p>
      </div>
      <Link
        to="/rules"
        className="inline-flex h-8 items-center rounded-md border border-border bg-surface px-3 text-[13px] hover:bg-hover focus-visible:outline-2 focus-visible:outline-ring"
      >
        Manage rules
      </Link>
    </Card>
  );
}
