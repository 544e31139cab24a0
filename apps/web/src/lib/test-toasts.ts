import { act, cleanup } from '@testing-library/react';
import { toast } from 'sonner';

// Sonner removes a dismissed toast 200 ms later on a timer of its own. The hook and component tests wait for that
// before unmounting, so no timer of theirs fires after the test file's DOM is gone (an unhandled error in CI).
// On a loaded machine the timer can be set late, so they wait until no toast is left in the DOM (each removal
// unmounts its toast), for at most a few seconds.
const SONNER_REMOVE_DELAY_MS = 200;
const MAX_WAIT_MS = 5_000;

export async function dismissToastsAndCleanup(): Promise<void> {
  toast.dismiss();
  const deadline = Date.now() + MAX_WAIT_MS;
  do {
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, SONNER_REMOVE_DELAY_MS + 50)));
  } while (document.querySelector('[data-sonner-toast]') && Date.now() < deadline);
  cleanup();
}
