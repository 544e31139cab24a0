/** Whether a granted scope list contains `wanted` (Microsoft names are case-insensitive; Google's are URLs). */
export function hasScope(granted: readonly string[] | null, wanted: string): boolean {
  if (!granted) return false;
  const target = wanted.toLowerCase();
  return granted.some((scope) => {
    const lower = scope.toLowerCase();
    return lower === target || lower.endsWith(`/${target}`);
  });
}
