/**
 * A colleague as a choice lists them (decision 012): their display name, with their address beside it only when
 * another member has the same name, so two people are never told apart by nothing.
 */
export function memberLabel(
  member: { userId: string; name: string; email: string },
  members: readonly { userId: string; name: string }[],
): string {
  const name = member.name.trim().toLowerCase();
  const isAmbiguous = members.some(
    (other) => other.userId !== member.userId && other.name.trim().toLowerCase() === name,
  );
  return isAmbiguous ? `${member.name} (${member.email})` : member.name;
}
