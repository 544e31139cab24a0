import { PROGRESS_BAR_MAX } from '@ledgerdesk/domain/constants';
import { cn } from '../../../lib/cn';
import { progressPercent } from '../utils/format';

/** A progress bar with its percent; a missing progress reads 0 (spec §2). */
export function WorkProgress({
  title,
  progress,
  className,
}: {
  title: string;
  progress: number | undefined;
  className?: string;
}) {
  const percent = progressPercent(progress);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <div
        role="progressbar"
        aria-label={`${title} progress`}
        aria-valuemin={0}
        aria-valuemax={PROGRESS_BAR_MAX}
        aria-valuenow={percent}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-hover"
      >
        <div
          className={cn('h-full rounded-full', percent === PROGRESS_BAR_MAX ? 'bg-success' : 'bg-accent')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-9 text-right text-[12px] font-medium text-muted tabular-nums">{percent}%</span>
    </div>
  );
}
