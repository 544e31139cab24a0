import { CAPACITY_HOURS_MAX, CAPACITY_HOURS_MIN } from '@ledgerdesk/domain/constants';
import { parseCapacityHours } from '@ledgerdesk/domain/profile/capacity-hours';
import {
  HANDLE_PLACEHOLDER,
  PROFILE_UPDATE_FAILED_DESCRIPTION,
  PROFILE_UPDATE_FAILED_TITLE,
  PROFILE_UPDATED_DESCRIPTION,
  PROFILE_UPDATED_TITLE,
} from '@ledgerdesk/domain/profile/profile-messages';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import type { Profile } from '../../../lib/profile-query';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { NotificationToggles } from './notification-toggles';
import { Field } from './profile-field';

type FormState = {
  fullName: string;
  email: string;
  jobTitle: string;
  handle: string;
  capacity: string;
  notifications: Profile['notificationSettings'];
  /** Asked for only when the email (the sign-in email) changes. */
  currentPassword: string;
};

function stateFrom(profile: Profile): FormState {
  return {
    fullName: profile.fullName ?? '',
    email: profile.email ?? '',
    jobTitle: profile.jobTitle ?? '',
    handle: profile.handle ?? '',
    capacity: String(profile.capacityHours),
    notifications: profile.notificationSettings,
    currentPassword: '',
  };
}

// A refusal the server explains (a taken or malformed email) is worth showing; anything else gets the
// spec's general text.
function failureText(error: Error): string {
  return error instanceof ApiError && (error.status === 400 || error.status === 409)
    ? error.message
    : PROFILE_UPDATE_FAILED_DESCRIPTION;
}

/** The profile form (spec §2): text fields, capacity hours (1–80, non-numeric becomes 40), toggles, Save. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [form, setForm] = useState(() => stateFrom(profile));
  const save = useUpdateProfile();
  const isSaving = save.isPending;
  const isEmailChanged = form.email.trim().toLowerCase() !== (profile.email ?? '').toLowerCase();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const capacityHours = parseCapacityHours(form.capacity);
    set('capacity', String(capacityHours));
    save.mutate(
      {
        fullName: form.fullName,
        email: form.email.trim(),
        jobTitle: form.jobTitle,
        handle: form.handle,
        capacityHours,
        notificationSettings: form.notifications,
        ...(isEmailChanged ? { currentPassword: form.currentPassword } : {}),
      },
      {
        onSuccess: ({ profile: saved, signInEmail }) => {
          setForm(stateFrom(saved));
          const description =
            signInEmail === 'pending_verification'
              ? `Check ${saved.email ?? 'your new address'} and follow the link to confirm your new sign-in email.`
              : PROFILE_UPDATED_DESCRIPTION;
          toast.success(PROFILE_UPDATED_TITLE, { description });
        },
        onError: (error) => toast.error(PROFILE_UPDATE_FAILED_TITLE, { description: failureText(error) }),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" aria-label="Profile" noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Personal information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field id="profile-full-name" label="Full name">
            <Input
              id="profile-full-name"
              autoComplete="name"
              value={form.fullName}
              onChange={(event) => set('fullName', event.target.value)}
            />
          </Field>
          <Field id="profile-email" label="Email">
            <Input
              id="profile-email"
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={(event) => set('email', event.target.value)}
            />
          </Field>
          {isEmailChanged && (
            <Field
              id="profile-current-password"
              label="Current password"
              hint="Your email is also your sign-in email: confirm the change with your password."
            >
              <Input
                id="profile-current-password"
                type="password"
                autoComplete="current-password"
                value={form.currentPassword}
                onChange={(event) => set('currentPassword', event.target.value)}
              />
            </Field>
          )}
          <Field id="profile-job-title" label="Job title">
            <Input
              id="profile-job-title"
              autoComplete="organization-title"
              value={form.jobTitle}
              onChange={(event) => set('jobTitle', event.target.value)}
            />
          </Field>
          <Field id="profile-handle" label="Handle">
            <Input
              id="profile-handle"
              placeholder={HANDLE_PLACEHOLDER}
              value={form.handle}
              onChange={(event) => set('handle', event.target.value)}
            />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Capacity</CardTitle>
        </CardHeader>
        <CardContent>
          <Field
            id="profile-capacity"
            label="Capacity hours"
            hint={`Hours a week you can take on, from ${CAPACITY_HOURS_MIN} to ${CAPACITY_HOURS_MAX}.`}
          >
            <div className="w-32">
              <Input
                id="profile-capacity"
                type="number"
                inputMode="numeric"
                min={CAPACITY_HOURS_MIN}
                max={CAPACITY_HOURS_MAX}
                step={1}
                value={form.capacity}
                onChange={(event) => set('capacity', event.target.value)}
                onBlur={() => set('capacity', String(parseCapacityHours(form.capacity)))}
                aria-describedby="profile-capacity-hint"
              />
            </div>
          </Field>
        </CardContent>
      </Card>

      <NotificationToggles value={form.notifications} onChange={(value) => set('notifications', value)} />

      <div className="flex justify-end pb-2">
        <Button type="submit" variant="primary" disabled={isSaving} aria-busy={isSaving}>
          {isSaving ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {isSaving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
