import type { Api, Description, Operation, TypeDescription } from './description';
import { DELTA_ITEM_FIELDS, GRAPH_ANNOTATIONS } from './supplements';

export type Located = { operation: Operation } | { violation: string };

type Matcher = { operation: Operation; pattern: RegExp };

/** Compiles the description's path templates once. Graph's paths are case-insensitive, Google's are not. */
export function compileMatchers(description: Description): Matcher[] {
  return description.operations.map((operation) => {
    const source = operation.path
      .split(/(\{\+?[^}]+\})/)
      .map((part) => {
        if (part.startsWith('{+')) return '(.+)';
        if (part.startsWith('{')) return '([^/]+)';
        const literal = part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        return literal.replace(/delta\\\(\\\)$/, 'delta(?:\\(\\))?');
      })
      .join('');
    return { operation, pattern: new RegExp(`^${source}$`, operation.api === 'graph' ? 'i' : '') };
  });
}

/** The described operation for a call, or what is wrong with it (path unknown, or method unknown there). */
export function locate(matchers: Matcher[], api: Api, method: string, path: string): Located {
  const onPath = matchers.filter((m) => m.operation.api === api && m.pattern.test(path));
  if (onPath.length === 0) return { violation: `${api} ${method} ${path}: the description has no such path` };
  const operation = onPath.find((m) => m.operation.method === method)?.operation;
  if (!operation) {
    const known = [...new Set(onPath.map((m) => m.operation.method))].join(', ');
    return {
      violation: `${api} ${method} ${onPath[0]?.operation.path}: method not described (described: ${known})`,
    };
  }
  return { operation };
}

export function checkQuery(description: Description, operation: Operation, names: string[]): string[] {
  const standard = operation.api === 'graph' ? [] : description.standardQuery[operation.api];
  const known = [...operation.query, ...standard];
  const fold = (name: string) => (operation.api === 'graph' ? name.toLowerCase() : name);
  const allowed = new Set(known.map(fold));
  return [...new Set(names)]
    .filter((name) => !allowed.has(fold(name)))
    .map((name) => `${where(operation)}: unknown query parameter '${name}'`);
}

/** Unknown fields of a JSON body or answer, as deep as the description's types go. */
export function checkValue(
  description: Description,
  operation: Operation,
  typeKey: string,
  value: unknown,
  part: 'request body' | 'answer',
): string[] {
  const violations: string[] = [];
  const isDelta = /\/delta\(\)$/.test(operation.path);
  const fold = (name: string) => (operation.api === 'graph' ? name.toLowerCase() : name);
  const visit = (key: string, node: unknown, at: string, isDeltaItem: boolean): void => {
    if (key === 'scalar' || key === 'any' || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(key, item, `${at}[${index}]`, isDeltaItem);
      return;
    }
    const typeKey = resolveDerived(description, key, node);
    const fields = fieldsOf(description, typeKey);
    if (!fields) return;
    const byName = new Map(Object.entries(fields).map(([name, field]) => [fold(name), field]));
    for (const [name, child] of Object.entries(node)) {
      const field = byName.get(fold(name));
      if (field) {
        visit(field.type, child, `${at}.${name}`, isDelta && at === '$' && name === 'value');
        continue;
      }
      if (operation.api === 'graph' && GRAPH_ANNOTATIONS.includes(name)) continue;
      if (isDeltaItem && DELTA_ITEM_FIELDS.includes(name)) continue;
      violations.push(`${where(operation)}: ${part} field '${at}.${name}' is not in ${typeKey}`);
    }
  };
  visit(typeKey, value, '$', false);
  return violations;
}

function where(operation: Operation): string {
  return `${operation.api} ${operation.method} ${operation.path}`;
}

/** A Graph object naming a derived type with @odata.type is checked against that type. */
function resolveDerived(description: Description, key: string, node: object): string {
  const odataType = (node as Record<string, unknown>)['@odata.type'];
  if (typeof odataType !== 'string' || !key.startsWith('graph:')) return key;
  const name = odataType.replace(/^#?microsoft\.graph\./, '');
  const derived = `graph:${name[0]?.toUpperCase()}${name.slice(1)}`;
  return description.types[derived] ? derived : key;
}

function fieldsOf(description: Description, key: string): TypeDescription['fields'] | undefined {
  let type = description.types[key];
  if (!type) return undefined;
  const fields = { ...type.fields };
  while (type?.base) {
    type = description.types[`graph:${type.base}`];
    Object.assign(fields, type?.fields);
  }
  return fields;
}
