import { readFileSync } from 'node:fs';

export type Api = 'graph' | 'gmail' | 'pubsub';
export type FieldType = { type: string; array?: boolean };
export type TypeDescription = { base?: string; fields: Record<string, FieldType> };
export type Operation = {
  api: Api;
  method: string;
  path: string;
  query: string[];
  body?: string;
  response?: string;
  /** Gmail's media upload path: the body is the raw message, not JSON. */
  upload?: boolean;
  source: string;
};
export type Description = {
  generatedBy: string;
  generatedOn: string;
  sources: string[];
  standardQuery: Record<'gmail' | 'pubsub', string[]>;
  operations: Operation[];
  types: Record<string, TypeDescription>;
};

/** The published descriptions, extracted by scripts/extract-contracts.mjs (never edited by hand). */
export function loadDescription(): Description {
  return JSON.parse(readFileSync(new URL('./description.json', import.meta.url), 'utf8')) as Description;
}
