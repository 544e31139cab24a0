import { useCallback, useState } from 'react';
import { readLocalJson, writeLocalJson } from '../utils/local-settings';

/** A small UI preference kept in local storage (one of `options`, else the fallback). */
export function useStoredChoice<T extends string | boolean>(key: string, options: readonly T[], fallback: T) {
  const [value, setValue] = useState<T>(() => {
    const stored = readLocalJson(key);
    return options.includes(stored as T) ? (stored as T) : fallback;
  });
  const update = useCallback(
    (next: T) => {
      setValue(next);
      writeLocalJson(key, next);
    },
    [key],
  );
  return [value, update] as const;
}
