/** The fields of a PostgreSQL error we act on, found on the error or its cause (Drizzle wraps them). */
export type PgErrorInfo = { code: string; constraint?: string; message: string };

export function pgErrorInfo(error: unknown): PgErrorInfo | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (typeof current === 'object' && current !== null && 'code' in current) {
      const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
      if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
        return {
          code: candidate.code,
          constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
          message: String(candidate.message ?? ''),
        };
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Row-level security refused the write (42501 insufficient_privilege, "violates row-level security"). */
export function isRlsViolation(info: PgErrorInfo | null): boolean {
  return info?.code === '42501';
}

/** A named check constraint failed; spec §8 keys on constraint names containing "check_". */
export function isCheckViolation(info: PgErrorInfo | null): boolean {
  return info?.code === '23514' || Boolean(info?.constraint?.includes('check_'));
}

/**
 * PostgreSQL refused a value itself: a NUL or invalid byte (22021, 22P05), text it cannot read as the column's
 * type (22P02, 22007, 22008), a value too long or too large (22001, 22003), or a value too big to index (54000).
 */
const INVALID_VALUE_CODES = new Set(['22021', '22P05', '22P02', '22007', '22008', '22001', '22003', '54000']);

export function isInvalidValue(info: PgErrorInfo | null): boolean {
  return Boolean(info && INVALID_VALUE_CODES.has(info.code));
}

/** The database could not write: its disk is full (53100 disk_full) or failing (58030 io_error). */
export function isStorageFailure(info: PgErrorInfo | null): boolean {
  return info?.code === '53100' || info?.code === '58030';
}
