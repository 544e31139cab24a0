import { act, cleanup } from '@testing-library/react';
import { toast } from 'sonner';

// Sonner removes a dismissed toast 200 ms later on a timer of its own. The hook and component tests wait for that
// before unmounting, so no timer of theirs fires after the test file's DOM is gone (an unhandled error in CI).
const SONNER_REMOVE_DELAY_MS = 200;

export async function dismissToastsAndCleanup(): Promise<void> {
  toast.dismiss();
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, SONNER_REMOVE_DELAY_MS + 50)));
  cleanup();
}
