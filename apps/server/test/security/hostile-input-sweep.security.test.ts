// Hostile and malformed input over every route of the route table, as a signed-in user who owns a synced
// sandbox mailbox and one of each thing the API names by id (so requests reach real rows): bodies of the wrong
// JSON type, missing and unknown fields, wrong field types, 1 MB strings, NUL characters and lone surrogates,
// hostile path ids, bad query values, malformed JSON, wrong content types and empty bodies. The product rule:
// bad input gets a clear message and a 4xx and loses nothing; never a 500, a stack trace or a line of SQL.
// bad-input.security.test.ts sweeps field values on random ids; this sweep adds the raw bodies, the owned ids
// and the schema-typed values.
import { TRIAGE_VIEWS } from '@ledgerdesk/domain/triage/triage-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiRoute, routeKey } from '../../src/http/define-route';
import { mailboxSummary } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { type Account, call, prepareOwnedAccount } from './support/owned-account';
import { sampleBody, samplePath } from './support/sample-input';

type Json = Record<string, unknown>;
/** Routes whose bodies may carry members we do not know (decision 030: Graph's notification payloads). */
const TOLERATES_UNKNOWN_FIELDS = new Set(['/api/webhooks/graph', '/api/webhooks/graph/lifecycle']);

/** One hostile request; `mustRefuse` when no reading of it is valid (otherwise only "no 5xx, no leak"). */
type Probe = {
  what: string;
  method: ApiRoute['method'];
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  mustRefuse: boolean;
};

/** What must never reach a client: a stack trace, a source path, SQL, or a PostgreSQL error code. */
const LEAKS: readonly [string, RegExp][] = [
  ['stack trace', /\s{4}at |\bat .+\.(ts|js|mjs):\d+/],
  ['node_modules', /node_modules/],
  ['source path', /\.(ts|mjs):\d/],
  ['SQL', /\bselect\b.{0,200}\bfrom\b|insert into|syntax error|violates|relation "|Failed query|SQLSTATE/i],
  ['PostgreSQL error code', /"(code|sqlState|sqlstate)"\s*:\s*"[0-9A-Z]{5}"/],
];

const MB = 1024 * 1024;
/** Fits under the 1 MB body limit: a field's own length limit has to refuse it. */
const NEARLY_MB = 'x'.repeat(MB - 4096);
const OVER_MB = 'x'.repeat(MB);
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const DEEP_ARRAY = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
const json = (value: unknown) => JSON.stringify(value);

const toJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

/** The object branch of a route's body schema: its properties and which are required. */
function bodyShape(route: ApiRoute): { properties: Record<string, Json>; required: Set<string> } {
  const schema = toJsonSchema(route.body as z.ZodType);
  const branch = (schema.anyOf as Json[] | undefined)?.[0] ?? schema;
  return {
    properties: (branch.properties as Record<string, Json> | undefined) ?? {},
    required: new Set((branch.required as string[] | undefined) ?? []),
  };
}

const branchesOf = (property: Json): Json[] => {
  const branches = (property.anyOf ?? property.oneOf) as Json[] | undefined;
  return branches ? branches.flatMap(branchesOf) : [property];
};

/**
 * Values for one body field that its own JSON Schema rules out (wrong types, out of range, too long, unknown
 * enum values, impossible dates), so every one must be refused; a value the schema allows is never sent, as it
 * could change the user's data (a 1 MB body is a fine email).
 */
function fieldValues(property: Json): [string, unknown][] {
  const branches = branchesOf(property);
  const types = new Set(branches.flatMap((branch) => [branch.type ?? []].flat() as string[]));
  const text = branches.find((branch) => branch.type === 'string');
  const number = branches.find((branch) => branch.type === 'number' || branch.type === 'integer');
  const array = branches.find((branch) => branch.type === 'array');
  const values: [string, unknown][] = [
    ['NUL', NUL],
    ['lone surrogate', LONE_SURROGATE],
    ['1 MB string', OVER_MB],
    ['nested NUL', { nested: [NUL] }],
  ];
  if (!text || Number(text.maxLength) < NEARLY_MB.length) values.push(['nearly 1 MB string', NEARLY_MB]);
  if (!types.has('null')) values.push(['null', null]);
  if (!text) values.push(['string', 'sweep'], ['empty string', '']);
  if (text && !number) values.push(['number', 12345]);
  if (!types.has('boolean')) values.push(['boolean', true]);
  if (!array) values.push(['array', ['sweep']]);
  if (!types.has('object')) values.push(['object', { sweep: 1 }]);
  if (number) {
    const isOutOfRange = (value: number) =>
      value < Number(number.minimum ?? Number.NEGATIVE_INFINITY) ||
      value > Number(number.maximum ?? Number.POSITIVE_INFINITY) ||
      (number.type === 'integer' && !Number.isInteger(value));
    for (const value of [-1, 1.5, 1e308, 2 ** 64])
      if (isOutOfRange(value)) values.push([String(value), value]);
  }
  if (array && Number(array.maxItems) < 20_000)
    values.push(['array of 20,000', Array(20_000).fill(crypto.randomUUID())]);
  if (Array.isArray(text?.enum)) values.push(['unknown enum value', '__proto__']);
  if (text?.format === 'date-time' || text?.format === 'date')
    values.push(['impossible date', '9999-99-99T99:99:99Z'], ['year 275760', '+275760-09-13']);
  if (text?.format === 'uuid') values.push(['not a uuid', "1' or '1'='1"]);
  return values;
}

/**
 * Bodies that every route must refuse: parser failures for any route (no handler may run; a route that reads
 * no body gets only these), and for a route that takes a JSON object also wrong types, unknown and missing
 * fields, and field values its schema rules out, on top of a valid `base`.
 */
function bodyProbes(route: ApiRoute, url: string, base: Json | undefined): Probe[] {
  const probe = (what: string, payload: string | Buffer, contentType = 'application/json'): Probe => ({
    what,
    method: route.method,
    url,
    contentType,
    payload,
    mustRefuse: true,
  });
  // Failures of the body parser: no handler runs, whatever the route.
  const unparsable: Probe[] = [
    probe('malformed JSON', '{"sweep": '),
    probe('trailing garbage', '{}x'),
    probe('single quotes', "{'sweep': 1}"),
    probe('empty JSON body', ''),
    probe('1 MB body', json({ sweep: OVER_MB })),
    probe('__proto__ key', '{"__proto__": {"isAdmin": true}}'),
    probe('constructor.prototype key', '{"constructor": {"prototype": {"isAdmin": true}}}'),
    probe('XML', '<sweep/>', 'application/xml'),
    probe('form', 'sweep=1', 'application/x-www-form-urlencoded'),
    probe('invalid UTF-8', Buffer.from('{"sweep": "\xff\xfe"}', 'latin1')),
  ];
  if (!base) return unparsable;
  const { properties, required } = bodyShape(route);
  const [first] = Object.keys(properties);
  const probes: Probe[] = [
    ...unparsable,
    probe('string for object', json('sweep')),
    probe('array for object', json([base])),
    probe('number for object', '42'),
    probe('true for object', 'true'),
    probe('JSON null', 'null'),
    probe('text/plain', 'sweep', 'text/plain'),
    probe('array nested 50,000 deep', DEEP_ARRAY),
    probe('object nested 20,000 deep', DEEP_OBJECT),
    // Graph's webhook bodies grow new members: decision 030 accepts them rather than have Graph re-deliver for hours.
    {
      ...probe('unknown field', json({ ...base, isAdmin: true })),
      mustRefuse: !TOLERATES_UNKNOWN_FIELDS.has(route.path),
    },
    probe('NUL in a key', json({ ...base, [NUL]: 1 })),
    probe(
      'invalid UTF-8 in a field',
      Buffer.from(json({ ...base, [first as string]: '\xff\xfe' }), 'latin1'),
    ),
  ];
  if (required.size > 0) probes.push(probe('empty object', '{}'));
  for (const name of required) {
    const { [name]: _dropped, ...rest } = base;
    probes.push(probe(`missing ${name}`, json(rest)));
  }
  for (const [name, property] of Object.entries(properties))
    for (const [label, value] of fieldValues(property))
      probes.push(probe(`${name}=${label}`, json({ ...base, [name]: value })));
  return probes;
}

/** Path values for one parameter; only those that can name nothing are refused outright. */
const HOSTILE_PARAMS: readonly [string, string, boolean][] = [
  ['..%2F', '..%2F', false],
  ['..%2F..%2Fhealth', '..%2F..%2Fhealth', false],
  ['dot segments', '..', false],
  ['%00', '%00', true],
  ['NUL inside', 'a%00b', true],
  ['encoded lone surrogate', '%ED%A0%80', true],
  ['broken percent-encoding', '%E0%A4%A', true],
  ['lone %', '%', true],
  ['10,000 characters', 'x'.repeat(10_000), true],
  ['not a uuid', 'not-a-uuid', false],
  ['quote', "1'%20or%20'1'%3D'1", false],
  ['nil uuid', '00000000-0000-0000-0000-000000000000', false],
  ['-1', '-1', false],
  ['1e308', '1e308', false],
];

/** Query strings: the threads list's own parameters, and unknown or repeated ones for every GET. */
const THREADS_QUERIES: readonly [string, boolean][] = [
  ['limit=-1', true],
  ['limit=0', true],
  ['limit=NaN', true],
  ['limit=1e999', true],
  ['limit=99999999999999999999', true],
  ['limit=1.5', true],
  ['limit=', true],
  ['limit=10&limit=20', true],
  ['limit[]=10', true],
  ['view=bogus', true],
  ['view=__proto__', true],
  ['view=inbox&view=later', true],
  ['view[]=inbox', true],
  ['tab=bogus', true],
  ['cursor=garbage', true],
  [`cursor=${Buffer.from(json(['9999-99-99T99:99:99Z', crypto.randomUUID()])).toString('base64url')}`, true],
  [`cursor=${Buffer.from(json(['2026-01-01T00:00:00Z', 'x'])).toString('base64url')}`, true],
  [`cursor=${Buffer.from('null').toString('base64url')}`, true],
  [`cursor=${'x'.repeat(100_000)}`, true],
  ['filters=not-json', true],
  [`filters=${encodeURIComponent(json({ type: 'sender', value: 'a' }))}`, true],
  [`filters=${encodeURIComponent(json([{ type: 'bogus', value: 'a' }]))}`, true],
  [`filters=${encodeURIComponent(json([{ type: 'sender', value: 12 }]))}`, true],
  [`filters=${encodeURIComponent(DEEP_ARRAY.slice(0, 20_000) + DEEP_ARRAY.slice(-20_000))}`, true],
  ['q=%00', true],
  ['q=a%ED%A0%80b', false],
  [`q=${'x'.repeat(100_000)}`, true],
  ['q=from:', false],
  ['q=before:9999-99-99', false],
  ['q=after:not-a-date', false],
  ["q='%3B%20drop%20table%20triage_items%3B%20--", false],
  ['q=%25%25%5C_', false],
  ['mailboxId=not-a-uuid', false],
  ['mailboxId=%00', true],
  ['isAdmin=true', true],
  ['__proto__[isAdmin]=true', true],
  ['constructor[prototype][isAdmin]=true', true],
];
const ANY_GET_QUERIES: readonly string[] = [
  'isAdmin=true',
  'a=1&a=2&a=3',
  'a[]=1',
  '__proto__[isAdmin]=true',
  'a=%00',
  'a=%ED%A0%80',
  `a=${'x'.repeat(100_000)}`,
];

/** The route's path with one parameter hostile and the others naming the user's own data. */
function pathWith(route: ApiRoute, account: Account, param?: string, value?: string): string {
  const path = param && value !== undefined ? route.path.replace(`:${param}`, value) : route.path;
  if (route.isSharedRead) return path.replace(':userId', account.userId).replace(':file', 'avatar.png');
  return samplePath({ ...route, path }, account.ids);
}

type Answer = { route: string; what: string; status: number; body: string; mustRefuse: boolean };

/** Why an answer breaks the rule, or null when it keeps it. */
function problemWith(answer: Answer): string | null {
  if (answer.status >= 500) return 'a 5xx';
  if (answer.mustRefuse && answer.status < 400) return 'accepted';
  if (answer.status >= 400) {
    let message: unknown;
    try {
      message = (JSON.parse(answer.body) as { error?: { message?: unknown } }).error?.message;
    } catch {
      return 'not JSON';
    }
    if (typeof message !== 'string' || message.trim() === '') return 'no message';
    if (/^\W/.test(message)) return 'a message that starts with no word';
  }
  const leak = LEAKS.find(([, pattern]) => pattern.test(answer.body));
  return leak ? `leaks a ${leak[0]}` : null;
}

describe.each(testDatabaseKinds)('hostile input over the route table on %s', (kind) => {
  let h: MailHarness;
  let account: Account;
  /** A second session of the same user, for sign-out (a probe it accepts ends only that session). */
  let spareCookie: string;
  const answers: Answer[] = [];

  beforeAll(async () => {
    h = await createMailHarness(kind, {
      env: { SIGN_IN_MAX_ATTEMPTS_PER_IP: '100000', SIGN_IN_MAX_ATTEMPTS_PER_ACCOUNT: '100000' },
    });
    account = await prepareOwnedAccount(h);
    spareCookie = (await signUp(h.app, 'spare@firm.test')).cookie;
  });
  afterAll(async () => h?.close());

  /** Everything the user can read of their data, item counts of every view included. */
  const snapshot = async () => {
    const read = async (url: string) => (await call(h, account.cookie, 'GET', url)).json();
    const thread = encodeURIComponent(account.ids.threadKey);
    const totals: Record<string, unknown> = {};
    for (const view of TRIAGE_VIEWS)
      totals[view] = (await read(`/api/triage/threads?view=${view}&limit=100`)).total;
    return {
      totals,
      counts: await read('/api/triage/counts'),
      threads: await read('/api/triage/threads?view=inbox&limit=100'),
      thread: await read(`/api/triage/threads/${thread}`),
      activity: await read(`/api/triage/threads/${thread}/activity`),
      profile: await read('/api/profile'),
      session: (await read('/api/auth/get-session'))?.user?.id,
      integrations: await read('/api/integrations'),
      sources: await read('/api/notification-sources'),
      templates: await read('/api/templates'),
      firm: await read('/api/firm'),
      work: await read('/api/work/threads'),
      mailbox: await mailboxSummary(h, account.address),
    };
  };

  const send = async (route: ApiRoute, probe: Probe) => {
    const isSignOut = probe.url === '/api/auth/sign-out';
    const response = await h.app.inject({
      method: probe.method,
      url: probe.url,
      headers: {
        cookie: isSignOut ? spareCookie : account.cookie,
        ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
      },
      ...(probe.payload === undefined ? {} : { payload: probe.payload }),
    });
    if (isSignOut && response.statusCode < 400)
      spareCookie = (await signUp(h.app, `spare-${crypto.randomUUID()}@firm.test`)).cookie;
    answers.push({
      route: routeKey(route),
      what: `${probe.method} ${probe.url.slice(0, 100)} ${probe.what}`,
      status: response.statusCode,
      body: response.body,
      mustRefuse: probe.mustRefuse,
    });
  };

  // The event stream never ends (inject would wait for it); it takes no params, query or body.
  const sweptRoutes = () => h.app.apiRoutes.filter((route) => route.path !== '/api/events');

  it('answers every hostile request with a clear 4xx, and the user loses nothing', async () => {
    const before = await snapshot();
    for (const route of sweptRoutes()) {
      if (route.method !== 'GET') {
        const url = route.body ? pathWith(route, account) : samplePath(route, null);
        for (const probe of bodyProbes(route, url, sampleBody(route, account.ids))) await send(route, probe);
      }
      for (const param of route.path.match(/:\w+/g) ?? []) {
        for (const [label, value, mustRefuse] of HOSTILE_PARAMS) {
          const url = pathWith(route, account, param.slice(1), value);
          const base = sampleBody(route, account.ids);
          await send(route, {
            what: `${param}=${label}`,
            method: route.method,
            url,
            mustRefuse,
            ...(base ? { contentType: 'application/json', payload: json(base) } : {}),
          });
        }
      }
      if (route.method === 'GET') {
        const url = route.params ? pathWith(route, account) : route.path;
        const queries: [string, boolean][] = route.query
          ? [...THREADS_QUERIES]
          : ANY_GET_QUERIES.map((query) => [query, false]);
        for (const [query, mustRefuse] of queries)
          await send(route, { what: query.slice(0, 60), method: 'GET', url: `${url}?${query}`, mustRefuse });
      }
    }
    const problems = answers.flatMap((answer) => {
      const problem = problemWith(answer);
      return problem ? [`${answer.what} → ${answer.status} (${problem}) ${answer.body.slice(0, 200)}`] : [];
    });
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('swept every route of the table', () => {
    const probed = (route: ApiRoute) => answers.filter((answer) => answer.route === routeKey(route)).length;
    expect(
      sweptRoutes()
        .filter((route) => probed(route) < 7)
        .map(routeKey),
    ).toEqual([]);
  });
});
