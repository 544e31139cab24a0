import { readFile, rename, writeFile } from 'node:fs/promises';
import type { SavedState } from './state-file';

export type Persister = { schedule(): void; flush(): Promise<void> };

const DEBOUNCE_MS = 300;

export async function readStateFile(path: string): Promise<SavedState | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as SavedState;
  } catch {
    return undefined;
  }
}

/**
 * Atomic (write then rename) saves of the sandbox state: `schedule` notes a change (saved after a short delay
 * if nobody asks sooner), `flush` saves what is noted now and resolves once it is on disk. Changes noted while
 * a save runs share the next one, so a burst of requests costs a few writes, not one per change.
 */
export function createPersister(path: string, snapshot: () => SavedState): Persister {
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const write = async (): Promise<void> => {
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(snapshot()));
    await rename(temporary, path);
  };
  const run = (): Promise<void> => {
    timer = undefined;
    writing = writing.then(write).catch((error: unknown) => {
      console.error(`mail-sandbox: could not save ${path}:`, error);
    });
    return writing;
  };
  return {
    schedule() {
      if (timer) return;
      timer = setTimeout(() => void run(), DEBOUNCE_MS);
      timer.unref();
    },
    async flush() {
      if (timer) {
        clearTimeout(timer);
        await run();
      }
      await writing;
    },
  };
}
