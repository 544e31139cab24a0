import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/ui/card';

/** One figure of the week, with its label. */
export function StatCard({ label, value, icon: Icon }: { label: string; value: number; icon: LucideIcon }) {
  return (
    <Card className="flex items-center gap-3 p-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="truncate text-[12px] text-muted">{label}</p>
        <p className="text-lg leading-6 font-semibold tabular-nums">{value}</p>
      </div>
    </Card>
  );
}
