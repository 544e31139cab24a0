/** Page title by path (spec §2): Later, Low Priority, Scheduled, Sent, Cleared, Drafts; anything else Triage. */
export function pageTitle(pathname: string): string {
  const rules: Array<[string, string]> = [
    ['/later', 'Later'],
    ['/low-priority', 'Low Priority'],
    ['/scheduled', 'Scheduled'],
    ['/sent', 'Sent'],
    ['/cleared', 'Cleared'],
    ['/drafts', 'Drafts'],
  ];
  const path = pathname.replace(/\/+$/, '');
  for (const [suffix, title] of rules) {
    if (path.endsWith(suffix) || path.includes(`${suffix}/`)) return title;
  }
  return 'Triage';
}
