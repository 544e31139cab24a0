#!/usr/bin/env node
/**
 * Regenerates tools/mail-sandbox/src/contract/description.json: the published descriptions of the provider
 * calls the sandbox implements, extracted from the providers' own npm packages.
 *
 *   node tools/mail-sandbox/scripts/extract-contracts.mjs
 *
 * - Microsoft Graph: the Kiota-generated SDK (@microsoft/msgraph-sdk-users, -subscriptions: URL templates,
 *   HTTP methods, query parameters, request/response body types; @microsoft/msgraph-sdk: the resource types'
 *   JSON field names from its deserializers).
 * - Gmail: @googleapis/gmail (build/v1.js: URL templates and methods; v1.d.ts: Params$… and Schema$…).
 * - Pub/Sub: googleapis (build/src/apis/pubsub/v1.js/.d.ts), pull and acknowledge only.
 *
 * The packages are fetched with `npm pack` into a temporary folder; nothing is installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCES = {
  graphUsers: '@microsoft/msgraph-sdk-users@1.0.0-preview.90',
  graphSubscriptions: '@microsoft/msgraph-sdk-subscriptions@1.0.0-preview.90',
  graphModels: '@microsoft/msgraph-sdk@1.0.0-preview.90',
  gmail: '@googleapis/gmail@18.0.0',
  pubsub: 'googleapis@188.0.0',
};

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../src/contract/description.json');

/** Graph paths (as in the SDK, /users/{user-id}…) the sandbox implements. */
const GRAPH_PATHS = [
  /^\/users\/\{user-id\}$/,
  /^\/users\/\{user-id\}\/mailFolders(\/\{mailFolder-id\})?$/,
  /^\/users\/\{user-id\}\/mailFolders\/\{mailFolder-id\}\/messages(\/delta\(\))?$/,
  /^\/users\/\{user-id\}\/messages(\/\{message-id\}(\/(\$value|move|reply|replyAll|forward|send|createReply|createReplyAll|createForward|attachments(\/\{attachment-id\}(\/\$value)?)?))?)?$/,
  /^\/users\/\{user-id\}\/sendMail$/,
  /^\/subscriptions(\/\{subscription-id\})?$/,
];
/** Gmail and Pub/Sub methods (resource path in the client) the sandbox implements. */
const GOOGLE_METHODS = {
  gmail: /^Resource\$Users(\$Messages(\$Attachments)?|\$Threads|\$History|\$Labels)?$/,
  pubsub: /^Resource\$Projects\$Subscriptions$/,
};
const PUBSUB_METHODS = new Set(['pull', 'acknowledge']);

function pack(spec, into) {
  const name = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', into], {
    encoding: 'utf8',
  }).trim();
  const dir = join(into, name.replace(/\.tgz$/, ''));
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('tar', ['xzf', join(into, name), '-C', dir]);
  return join(dir, 'package');
}

function walk(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (entry === 'index.js') out.push(path);
  }
  return out;
}

// ---------- Microsoft Graph (Kiota) ----------

/** Field table of every `deserializeIntoX` function in a Kiota file: { X: { base?, fields } }. */
function kiotaTypes(source) {
  const types = {};
  const fnRe = /export function deserializeInto(\w+)\(\w+ = \{\}\) \{\n([\s\S]*?)\n\}/g;
  for (const [, name, body] of source.matchAll(fnRe)) {
    const base = /Object\.assign\(Object\.assign\(\{\}, deserializeInto(\w+)\(/.exec(body)?.[1];
    const fields = {};
    for (const [, field, reader] of body.matchAll(/"([^"]+)": n => \{ ([^}]*)\}/g)) {
      if (field === 'backingStoreEnabled') continue;
      const object = /get(CollectionOf)?ObjectValues?\(create(\w+)FromDiscriminatorValue\)/.exec(reader);
      const primitives = /getCollectionOf(Primitive|Enum)Values/.test(reader);
      fields[field] = object
        ? { type: object[2], ...(object[1] ? { array: true } : {}) }
        : { type: 'scalar', ...(primitives ? { array: true } : {}) };
    }
    types[name] = { ...(base ? { base } : {}), fields };
  }
  return types;
}

function graphDescription(usersDir, subscriptionsDir, modelsDir) {
  const models = kiotaTypes(readFileSync(join(modelsDir, 'models/index.js'), 'utf8'));
  const types = Object.fromEntries(Object.entries(models).map(([k, v]) => [`graph:${k}`, v]));
  const operations = [];
  for (const [root, pkg] of [
    [usersDir, SOURCES.graphUsers],
    [subscriptionsDir, SOURCES.graphSubscriptions],
  ]) {
    for (const file of walk(root)) {
      const source = readFileSync(file, 'utf8');
      const template = /UriTemplate = "\{\+baseurl\}([^"{?]*(?:\{[^?}]+\}[^"{?]*)*)(?:\{\?([^}]*)\})?"/.exec(
        source,
      );
      if (!template) continue;
      const path = template[1].replaceAll('%2D', '-');
      if (!GRAPH_PATHS.some((re) => re.test(path))) continue;
      const query = (template[2] ?? '')
        .split(',')
        .filter(Boolean)
        .map((q) => decodeURIComponent(q.replace(/\*$/, '')));
      const local = kiotaTypes(source);
      const localKey = (name) => `graph:${relative(root, dirname(file))}#${name}`;
      for (const [name, type] of Object.entries(local)) types[localKey(name)] = type;
      const ref = (name) => (name && local[name] ? localKey(name) : name ? `graph:${name}` : undefined);
      const metadata = /RequestsMetadata = \{\n([\s\S]*?)\n\};/.exec(source)?.[1] ?? '';
      for (const [, method, body] of metadata.matchAll(/^ {4}(\w+): \{\n([\s\S]*?)\n {4}\},?$/gm)) {
        const response = /responseBodyFactory: create(\w+)FromDiscriminatorValue/.exec(body)?.[1];
        const request = /requestBodySerializer: serialize(\w+)/.exec(body)?.[1];
        const ownQuery = /queryParametersMapper/.test(body) ? query : [];
        operations.push({
          api: 'graph',
          method: method.toUpperCase(),
          path,
          query: ownQuery,
          ...(request ? { body: ref(request) } : {}),
          ...(response ? { response: ref(response) } : {}),
          source: `${pkg} ${relative(root, file)}`,
        });
      }
    }
  }
  return { operations, types };
}

// ---------- Google (googleapis generator) ----------

function googleTypes(dts, api) {
  const types = {};
  for (const [, name, body] of dts.matchAll(/export interface Schema\$(\w+) \{\n([\s\S]*?)\n {4}\}/g)) {
    const fields = {};
    for (const [, field, type] of body.matchAll(/^ {8}'?([\w$.@-]+)'?\?: ([^;]+);/gm)) {
      const ref = /^Schema\$(\w+)(\[\])?/.exec(type);
      fields[field] = ref
        ? { type: `${api}:${ref[1]}`, ...(ref[2] ? { array: true } : {}) }
        : { type: 'scalar', ...(/\[\]/.test(type) ? { array: true } : {}) };
    }
    types[`${api}:${name}`] = { fields };
  }
  return types;
}

function interfaceFields(dts, name) {
  const body = new RegExp(
    `(?:export )?interface ${name.replaceAll('$', '\\$')} (?:extends (\\w+) )?\\{\\n([\\s\\S]*?)\\n {4}\\}`,
  ).exec(dts);
  if (!body) return [];
  const own = [...body[2].matchAll(/^ {8}'?([\w$.@-]+)'?\?: ([^;]+);/gm)].map(([, f, t]) => ({ f, t }));
  return body[1] ? [...interfaceFields(dts, body[1]), ...own] : own;
}

function googleDescription(js, dts, api, pkg, file, keep) {
  const operations = [];
  const classRe = /class (Resource\$[\w$]+) \{[\s\S]*?\n {4}\}\n/g;
  for (const [block, className] of js.matchAll(classRe)) {
    if (!GOOGLE_METHODS[api].test(className)) continue;
    const methodRe =
      /\n {8}(\w+)\(paramsOrCallback[\s\S]*?url: \(rootUrl \+\s*'([^']+)'\)[\s\S]*?method: '(\w+)'[\s\S]*?(?:mediaUrl: \(rootUrl \+\s*'([^']+)'\)[\s\S]*?)?pathParams: \[([^\]]*)\]/g;
    for (const [, name, url, method, mediaUrl, pathParams] of block.matchAll(methodRe)) {
      if (keep && !keep.has(name)) continue;
      const paramsName = `Params$${className}$${name[0].toUpperCase()}${name.slice(1).toLowerCase()}`;
      const fields = interfaceFields(dts, paramsName);
      const paths = pathParams
        .split(',')
        .map((p) => p.trim().replace(/'/g, ''))
        .filter(Boolean);
      const standard = new Set(interfaceFields(dts, 'StandardParameters').map(({ f }) => f));
      const query = fields
        .map(({ f }) => f)
        .filter((f) => !standard.has(f) && !paths.includes(f) && f !== 'requestBody' && f !== 'media');
      const body = /^Schema\$(\w+)/.exec(fields.find(({ f }) => f === 'requestBody')?.t ?? '')?.[1];
      const signature = new RegExp(
        `\\n {8}${name}\\(params\\?: ${paramsName.replaceAll('$', '\\$')}, options\\?: MethodOptions\\): Promise<GaxiosResponseWithHTTP2<Schema\\$(\\w+)>>`,
      ).exec(dts);
      const base = {
        api,
        method,
        query,
        ...(body ? { body: `${api}:${body}` } : {}),
        ...(signature ? { response: `${api}:${signature[1]}` } : {}),
        source: `${pkg} ${file} ${className.replace(/^Resource\$/, '').replaceAll('$', '.')}.${name}`,
      };
      operations.push({ ...base, path: url });
      if (mediaUrl) operations.push({ ...base, path: mediaUrl, upload: true });
    }
  }
  // `auth` is the client library's credentials object, never sent.
  const standardQuery = interfaceFields(dts, 'StandardParameters')
    .map(({ f }) => f)
    .filter((f) => f !== 'auth');
  return { operations, types: googleTypes(dts, api), standardQuery };
}

function main() {
  const work = mkdtempSync(join(tmpdir(), 'contracts-'));
  try {
    const users = pack(SOURCES.graphUsers, work);
    const subscriptions = pack(SOURCES.graphSubscriptions, work);
    const models = pack(SOURCES.graphModels, work);
    const gmail = pack(SOURCES.gmail, work);
    const googleapis = pack(SOURCES.pubsub, work);
    const graph = graphDescription(join(users, 'users'), join(subscriptions, 'subscriptions'), models);
    const gmailDesc = googleDescription(
      readFileSync(join(gmail, 'build/v1.js'), 'utf8'),
      readFileSync(join(gmail, 'build/v1.d.ts'), 'utf8'),
      'gmail',
      SOURCES.gmail,
      'build/v1.js',
    );
    const pubsubDir = join(googleapis, 'build/src/apis/pubsub');
    const pubsub = googleDescription(
      readFileSync(join(pubsubDir, 'v1.js'), 'utf8'),
      readFileSync(join(pubsubDir, 'v1.d.ts'), 'utf8'),
      'pubsub',
      SOURCES.pubsub,
      'build/src/apis/pubsub/v1.js',
      PUBSUB_METHODS,
    );
    const operations = [...graph.operations, ...gmailDesc.operations, ...pubsub.operations];
    const allTypes = { ...graph.types, ...gmailDesc.types, ...pubsub.types };
    const description = {
      generatedBy: 'tools/mail-sandbox/scripts/extract-contracts.mjs',
      generatedOn: new Date().toISOString().slice(0, 10),
      sources: Object.values(SOURCES),
      standardQuery: { gmail: gmailDesc.standardQuery, pubsub: pubsub.standardQuery },
      operations: operations.sort((a, b) =>
        `${a.api}${a.path}${a.method}`.localeCompare(`${b.api}${b.path}${b.method}`),
      ),
      types: reachable(allTypes, operations),
    };
    writeFileSync(OUT, compactJson(description));
    console.log(`${operations.length} operations, ${Object.keys(description.types).length} types → ${OUT}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** One operation or type a line: small diffs when a package version moves. */
function compactJson(description) {
  const lines = (entries) => entries.map((e) => `  ${e}`).join(',\n');
  return `{
 "generatedBy": ${JSON.stringify(description.generatedBy)},
 "generatedOn": ${JSON.stringify(description.generatedOn)},
 "sources": ${JSON.stringify(description.sources)},
 "standardQuery": ${JSON.stringify(description.standardQuery)},
 "operations": [
${lines(description.operations.map((o) => JSON.stringify(o)))}
 ],
 "types": {
${lines(Object.entries(description.types).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`))}
 }
}
`;
}

/** Only the types the operations can reach (fields, bases and, for Graph, the types derived from them). */
function reachable(types, operations) {
  const derived = {};
  for (const [key, type] of Object.entries(types)) {
    if (!type.base) continue;
    const baseKey = `graph:${type.base}`;
    derived[baseKey] = [...(derived[baseKey] ?? []), key];
  }
  const keep = {};
  // A type reached as a field or body may arrive as any type derived from it (@odata.type); one reached as
  // a base may not (every Graph entity derives from entity).
  const queue = operations
    .flatMap((o) => [o.body, o.response])
    .filter(Boolean)
    .map((key) => ({ key, asBase: false }));
  const seenAsValue = new Set();
  while (queue.length > 0) {
    const { key, asBase } = queue.pop();
    if (!types[key] || (keep[key] && (asBase || seenAsValue.has(key)))) continue;
    const type = types[key];
    keep[key] = type;
    if (type.base) queue.push({ key: `graph:${type.base}`, asBase: true });
    if (!asBase) {
      seenAsValue.add(key);
      for (const sub of derived[key] ?? []) queue.push({ key: sub, asBase: false });
    }
    for (const field of Object.values(type.fields)) {
      if (field.type !== 'scalar') {
        queue.push({ key: field.type.includes(':') ? field.type : `graph:${field.type}`, asBase: false });
      }
    }
  }
  // Graph field types are bare model names: qualify them.
  for (const [key, type] of Object.entries(keep)) {
    if (!key.startsWith('graph:')) continue;
    for (const field of Object.values(type.fields)) {
      if (field.type !== 'scalar' && !field.type.includes(':')) field.type = `graph:${field.type}`;
    }
  }
  return Object.fromEntries(Object.entries(keep).sort(([a], [b]) => a.localeCompare(b)));
}

main();
