import { Mail } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Page } from '../../../components/ui/page';
import { Skeleton } from '../../../components/ui/skeleton';
import { SAMPLE_WORK_ITEMS } from '../../../lib/sample-work-items';
import { useWorkThreads } from '../api/work-threads';
import { formatCurrency, formatDueDate, STATUS_LABELS } from '../utils/format';
import { AssigneeStack } from './assignee-stack';
import { WorkProgress } from './work-progress';

/**
 * /work/{id} (named by the spec, its content not shown): the sample job, and the mail threads filed to it from
 * triage with "Add to work" (decision 012, decision 015).
 */
export function WorkItemPage() {
  const { id } = useParams();
  const item = SAMPLE_WORK_ITEMS.find((candidate) => candidate.id === id);
  const threads = useWorkThreads();
  if (!item) {
    return (
      <Page title="Work Item" description="This work item does not exist.">
        <Link to="/work" className="text-accent hover:underline">
          Back to Work
        </Link>
      </Page>
    );
  }
  const filed = threads.data?.get(item.id) ?? [];
  return (
    <Page
      title={item.title}
      description={`Due ${formatDueDate(item.dueDate)} · ${STATUS_LABELS[item.status]}`}
    >
      <div className="flex max-w-3xl flex-col gap-4">
        <Card>
          <CardContent className="flex flex-col gap-3 pt-4">
            <WorkProgress title={item.title} progress={item.progress} />
            <dl className="grid grid-cols-3 gap-2 text-[13px]">
              {(
                [
                  ['Budget', item.budget],
                  ['Actual', item.actual],
                  ['Remaining', item.remaining],
                ] as const
              ).map(([label, amount]) => (
                <div key={label}>
                  <dt className="text-[12px] text-muted">{label}</dt>
                  <dd className="font-medium tabular-nums">{formatCurrency(amount)}</dd>
                </div>
              ))}
            </dl>
            <AssigneeStack names={item.assignees} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              Threads <Badge tone="neutral">{filed.length}</Badge>
            </CardTitle>
            <p className="text-[13px] text-muted">Mail filed here from Triage with “Add to work”.</p>
          </CardHeader>
          <CardContent>
            {threads.isPending ? (
              <Skeleton className="h-10 w-full" />
            ) : filed.length === 0 ? (
              <p className="text-[13px] text-muted">No thread is filed to this job yet.</p>
            ) : (
              <ul className="divide-y divide-border" aria-label={`Threads of ${item.title}`}>
                {filed.map((thread) => (
                  <li key={thread.threadKey} className="flex items-center gap-2 py-2 text-[13px]">
                    <Mail className="size-4 shrink-0 text-muted" aria-hidden />
                    <span className="min-w-0 flex-1 truncate">{thread.subject}</span>
                    <time className="shrink-0 text-[12px] text-muted" dateTime={thread.filedAt}>
                      {formatDueDate(thread.filedAt)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
