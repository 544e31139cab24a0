import { Switch } from 'radix-ui';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import type { Profile } from '../../../lib/profile-query';

type Settings = Profile['notificationSettings'];

const TOGGLES: Array<{ key: keyof Settings; label: string; hint: string }> = [
  { key: 'email', label: 'Email', hint: 'A message when something needs you.' },
  { key: 'push', label: 'Push', hint: 'Browser notifications while Ledgerdesk is open.' },
  { key: 'mentions', label: 'Mentions', hint: 'When a colleague mentions you.' },
];

/** The three notification switches of spec §3 (email, push, mentions). */
export function NotificationToggles({
  value,
  onChange,
}: {
  value: Settings;
  onChange: (value: Settings) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col divide-y divide-border py-0">
        {TOGGLES.map((toggle) => {
          const id = `notify-${toggle.key}`;
          return (
            <div key={toggle.key} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <Label htmlFor={id}>{toggle.label}</Label>
                <p id={`${id}-hint`} className="text-[12px] text-muted">
                  {toggle.hint}
                </p>
              </div>
              <Switch.Root
                id={id}
                checked={value[toggle.key]}
                onCheckedChange={(checked) => onChange({ ...value, [toggle.key]: checked })}
                aria-label={`${toggle.label} notifications`}
                aria-describedby={`${id}-hint`}
                className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent bg-subtle transition-colors data-[state=checked]:bg-accent"
              >
                <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[18px]" />
              </Switch.Root>
            </div>
          );
        })}
      </CardContent>
    </Card>
  );
}
