/** The rows of a raw `execute` result (node-postgres and PGlite both answer `{ rows }`), typed by the caller. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
