import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';
import { isSonnerRequested, loadSonner, onSonnerRequested } from '../lib/toast';

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** sonner's Toaster, mounted with the first toast (see lib/toast.ts). */
export function DeferredToaster(props: ToasterProps) {
  const [isWanted, setIsWanted] = useState(isSonnerRequested);
  useEffect(() => {
    if (isWanted) return;
    if (isSonnerRequested()) setIsWanted(true);
    return onSonnerRequested(() => setIsWanted(true));
  }, [isWanted]);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
