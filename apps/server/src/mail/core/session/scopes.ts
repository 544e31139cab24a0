/**
 * Whether a session may use a Microsoft mail permission: `wanted` itself on the user's own mailbox, its `.Shared`
 * form (Mail.ReadWrite.Shared, Mail.Send.Shared) on a shared mailbox opened through the user's sign-in.
 */
export function hasMailScope(
  session: { scopes: readonly string[] | null; sharedMailbox: string | null },
  wanted: string,
): boolean {
  return hasScope(session.scopes, session.sharedMailbox ? `${wanted}.Shared` : wanted);
}

/** Whether a granted scope list contains `wanted` (Microsoft names are case-insensitive; Google's are URLs). */
export function hasScope(granted: readonly string[] | null, wanted: string): boolean {
  if (!granted) return false;
  const target = wanted.toLowerCase();
  return granted.some((scope) => {
    const lower = scope.toLowerCase();
    return lower === target || lower.endsWith(`/${target}`);
  });
}
