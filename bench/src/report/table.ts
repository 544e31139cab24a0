/** One printed table: a benchmark on one database (or none), with notes saying how it was measured. */
export type BenchTable = {
  id: string;
  title: string;
  database: string | null;
  columns: string[];
  rows: string[][];
  notes: string[];
  /** Raw figures for the JSON results (milliseconds, counts, bytes). */
  data: Record<string, unknown>[];
};

/** Renders a table as GitHub markdown, with its notes as a list under it. */
export function renderTable(table: BenchTable): string {
  const heading = `### ${table.title}${table.database ? ` — ${table.database}` : ''}`;
  const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|');
  const lines = [
    heading,
    '',
    `| ${table.columns.map(escapeCell).join(' | ')} |`,
    `| ${table.columns.map((_, index) => (index === 0 ? '---' : '---:')).join(' | ')} |`,
    ...table.rows.map((row) => `| ${row.map(escapeCell).join(' | ')} |`),
  ];
  if (table.notes.length > 0) lines.push('', ...table.notes.map((note) => `- ${note}`));
  return lines.join('\n');
}
