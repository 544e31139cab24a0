/**
 * "3 item(s)": a count with its noun in the spec's own "(s)" form (spec §8 "N item(s)", "& N other(s)"),
 * kept word for word so the product reads exactly as the contract says.
 */
export function countNoun(count: number, singular: string): string {
  return `${count} ${singular}(s)`;
}
