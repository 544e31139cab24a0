/** The handle without its leading @, or null when the profile has none. */
export function normalizeHandle(handle: string | null | undefined): string | null {
  const bare = (handle ?? '').trim().replace(/^@+/, '');
  return bare.length > 0 ? bare : null;
}

/** Whether a text mentions @handle (case-insensitive, not as part of an email address or a longer handle). */
export function mentionsHandle(text: string, handle: string | null): boolean {
  if (!handle) return false;
  const escaped = handle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w@.])@${escaped}(?![\\w-])`, 'i').test(text);
}
