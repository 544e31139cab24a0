import { Skeleton } from '../../components/ui/skeleton';

/** What a page shows while its code loads: the shape of a header and a few rows, no spinner. */
export function PageSkeleton() {
  return (
    <div className="flex flex-col gap-4 p-6" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-4 w-72" />
      <div className="mt-4 flex flex-col gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-5/6" />
      </div>
    </div>
  );
}
