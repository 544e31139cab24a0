/** Display name (spec §5): the full name, else the part of the email before the @, else "User". */
export function displayName(fullName: string | null | undefined, email: string | null | undefined): string {
  const name = fullName?.trim();
  if (name) return name;
  const localPart = email?.split('@')[0]?.trim();
  return localPart || 'User';
}

/** Initials (spec §5): first letters of the words of the display name, upper case, at most 2. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
