import { stopAllChildren } from './child-process';

const tasks = new Set<() => Promise<void>>();

/** Registers cleanup work (dropping a database) to run if the run is interrupted; answers an unregister. */
export function onInterrupt(task: () => Promise<void>): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/** Runs every registered task once (after a fatal error). */
export async function runCleanup(): Promise<void> {
  await stopAllChildren();
  await Promise.allSettled([...tasks].map((task) => task()));
  tasks.clear();
}

/** On Ctrl-C or SIGTERM: stop the servers, then drop what was created, then exit. */
export function installInterruptHandlers(): void {
  const handle = (signal: NodeJS.Signals) => {
    process.stderr.write(`\n${signal}: stopping servers and dropping bench databases\n`);
    void runCleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', handle);
  process.once('SIGTERM', handle);
}
