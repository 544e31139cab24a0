import type { StoredMessage } from '../store/types';

export type ExtendedProperty = { id: string; value: string };

/**
 * A single-value extended property id in one of the forms Graph documents (extended-properties-overview):
 * `{type} {guid} Name {name}`, `{type} {guid} Id {hex}` or `{type} {proptag}`. Answers the id in a canonical
 * form for comparison — type, GUID and tag case-insensitive; the Name is case-sensitive, as Graph filters it —
 * or null when the id is not in a documented form.
 */
export function canonicalPropertyId(id: string): string | null {
  const named =
    /^(\w+)\s+\{([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\}\s+(Name|Id)\s+(\S.*)$/i.exec(
      id.trim(),
    );
  if (named) {
    const [, type = '', guid = '', kind = '', name = ''] = named;
    const isName = kind.toLowerCase() === 'name';
    return `${type.toLowerCase()} {${guid.toLowerCase()}} ${isName ? 'Name' : 'Id'} ${isName ? name : name.toLowerCase()}`;
  }
  const tagged = /^(\w+)\s+(0x[0-9a-f]{1,4})$/i.exec(id.trim());
  return tagged ? `${tagged[1]?.toLowerCase()} ${tagged[2]?.toLowerCase()}` : null;
}

/** `singleValueExtendedProperties` of a message body: each an `{ id, value }` with a documented id form. */
export function parseExtendedProperties(value: unknown): ExtendedProperty[] | { error: string } {
  if (!Array.isArray(value)) return { error: 'singleValueExtendedProperties must be an array.' };
  const properties: ExtendedProperty[] = [];
  for (const item of value) {
    const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    if (typeof record.id !== 'string' || canonicalPropertyId(record.id) === null)
      return { error: `The extended property id '${String(record.id)}' is not valid.` };
    if (typeof record.value !== 'string')
      return { error: `The extended property '${record.id}' needs a string value.` };
    properties.push({ id: record.id, value: record.value });
  }
  return properties;
}

const ANY_EQ =
  /^\s*singleValueExtendedProperties\/any\(\s*(\w+)\s*:\s*(\w+)\/id\s+eq\s+'((?:[^']|'')*)'\s+and\s+(\w+)\/value\s+eq\s+'((?:[^']|'')*)'\s*\)\s*$/i;

/**
 * `singleValueExtendedProperties/Any(ep: ep/id eq '{id}' and ep/value eq '{value}')` (singlevaluelegacyextended
 * property-get): messages carrying that property with that value; the value compares case-insensitively.
 * Answers undefined when the filter is not of this form, an error when it names an invalid id.
 */
export function extendedPropertyFilter(
  filter: string,
): ((message: StoredMessage) => boolean) | { error: string } | undefined {
  const match = ANY_EQ.exec(filter);
  if (!match) return undefined;
  const [, variable = '', idVariable, rawId = '', valueVariable, rawValue = ''] = match;
  if (idVariable !== variable || valueVariable !== variable)
    return { error: `The lambda variable '${variable}' is not the one used in its body.` };
  const id = canonicalPropertyId(rawId.replace(/''/g, "'"));
  if (id === null) return { error: `The extended property id '${rawId}' is not valid.` };
  const value = rawValue.replace(/''/g, "'").toLowerCase();
  return (message) =>
    (message.extendedProperties ?? []).some(
      (property) => canonicalPropertyId(property.id) === id && property.value.toLowerCase() === value,
    );
}
