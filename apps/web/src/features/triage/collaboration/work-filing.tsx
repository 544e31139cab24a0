import { Briefcase } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SAMPLE_WORK_ITEMS } from '../../../lib/sample-work-items';
import { toast } from '../../../lib/toast';
import { errorText } from './error-text';
import { useFileThread } from './file-thread';
import { useUnfileThread } from './unfile-thread';

/** "Add to work": files the thread to a work item (the Work screen lists it there); a filed one can be taken off. */
export function WorkFiling({ threadKey, filedIds }: { threadKey: string; filedIds: readonly string[] }) {
  const id = useId();
  const file = useFileThread(threadKey);
  const unfile = useUnfileThread(threadKey);
  const [choice, setChoice] = useState('');
  const open = SAMPLE_WORK_ITEMS.filter((item) => !filedIds.includes(item.id));
  const filed = SAMPLE_WORK_ITEMS.filter((item) => filedIds.includes(item.id));
  return (
    <div className="mt-2 border-t border-border pt-2 text-[13px]" data-testid="thread-work">
      {filed.length > 0 ? (
        <ul className="mb-1.5 flex flex-col gap-1" aria-label="Filed to work">
          {filed.map((item) => (
            <li key={item.id} className="flex items-center gap-2">
              <Briefcase className="size-4 shrink-0 text-muted" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{item.title}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove from ${item.title}`}
                disabled={unfile.isPending}
                onClick={() =>
                  unfile.mutate(item.id, {
                    onError: (error) =>
                      toast.error('Could not remove from work', { description: errorText(error) }),
                  })
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const workItemId = choice || open[0]?.id;
          if (!workItemId) return;
          file.mutate(workItemId, {
            onSuccess: () => {
              setChoice('');
              toast.success('Added to work', {
                description: SAMPLE_WORK_ITEMS.find((item) => item.id === workItemId)?.title,
              });
            },
            onError: (error) => toast.error('Could not add to work', { description: errorText(error) }),
          });
        }}
      >
        <label htmlFor={`${id}-work`} className="sr-only">
          Work item
        </label>
        <select
          id={`${id}-work`}
          className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-[13px]"
          value={choice || open[0]?.id || ''}
          onChange={(event) => setChoice(event.target.value)}
          disabled={open.length === 0}
        >
          {open.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </select>
        <Button type="submit" size="sm" variant="outline" disabled={open.length === 0 || file.isPending}>
          Add to work
        </Button>
      </form>
    </div>
  );
}
