/** Package boundaries of ARCHITECTURE.md, enforced on every lint. */

/**
 * Which server feature may call which (apps/server/src/features/README.md), always through the callee's own
 * index.ts. Every feature may also use features/access (who may see and act on which rows), which calls none. A new
 * feature folder gets a line here; a crossing not listed is refused.
 */
const serverFeatureCalls = {
  access: [],
  clients: [],
  collaboration: ['clients', 'firms', 'triage'],
  firms: [],
  functions: ['firms', 'outgoing', 'triage'],
  health: [],
  integrations: [],
  outgoing: ['triage'],
  profiles: [],
  rules: ['clients', 'collaboration', 'triage'],
  templates: [],
  triage: ['firms'],
  webhooks: [],
};

const serverFeatureRules = Object.entries(serverFeatureCalls).map(([feature, callees]) => ({
  name: `server-feature-${feature}-calls-only-its-list`,
  comment: `features/${feature} may import ${callees.length > 0 ? `${callees.join(', ')} and ` : ''}${feature === 'access' ? 'no other feature' : 'access'} (features/README.md).`,
  severity: 'error',
  from: { path: `^apps/server/src/features/${feature}/` },
  to: {
    path: '^apps/server/src/features/',
    pathNot: `^apps/server/src/features/(${[feature, ...callees, ...(feature === 'access' ? [] : ['access'])].join('|')})/`,
  },
}));
module.exports = {
  forbidden: [
    {
      name: 'domain-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^packages/domain/src' },
      to: { path: '^(apps|tools|bench|e2e)/' },
    },
    {
      name: 'test-support-imports-only-domain',
      comment:
        'packages/test-support (Chromium flags, seed helpers) is shared by server tests, e2e and bench: it may not reach into any of them.',
      severity: 'error',
      from: { path: '^packages/test-support/src' },
      to: { path: '^(apps|tools|bench|e2e)/' },
    },
    {
      name: 'server-imports-only-domain',
      comment:
        'apps/server may import packages/domain; only the composition root (main.ts) mounts the sandbox.',
      severity: 'error',
      from: { path: '^apps/server/src', pathNot: '^apps/server/src/main\\.ts$' },
      to: { path: '^(apps/web|tools|bench|e2e)/' },
    },
    {
      name: 'web-imports-only-domain',
      severity: 'error',
      from: { path: '^apps/web/src' },
      to: { path: '^(apps/server|tools|bench|e2e)/' },
    },
    {
      name: 'features-do-not-import-each-other',
      comment: 'bulletproof-react: features are composed by src/app, never by each other.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'triage-actions-and-collaboration-import-no-slice',
      comment:
        'features/triage slices import down their order (layout → list → thread → compose → actions; thread → collaboration), never up: see its README.',
      severity: 'error',
      from: { path: '^apps/web/src/features/triage/(actions|collaboration)/' },
      to: {
        path: '^apps/web/src/features/triage/(layout|list|thread|compose|actions|collaboration)/',
        pathNot: '^apps/web/src/features/triage/$1/',
      },
    },
    {
      name: 'triage-compose-imports-only-actions',
      severity: 'error',
      from: { path: '^apps/web/src/features/triage/compose/' },
      to: { path: '^apps/web/src/features/triage/(layout|list|thread|collaboration)/' },
    },
    {
      name: 'triage-thread-imports-no-list',
      severity: 'error',
      from: { path: '^apps/web/src/features/triage/thread/' },
      to: { path: '^apps/web/src/features/triage/(layout|list)/' },
    },
    {
      name: 'triage-list-imports-only-thread-and-actions',
      severity: 'error',
      from: { path: '^apps/web/src/features/triage/list/' },
      to: { path: '^apps/web/src/features/triage/(layout|compose|collaboration)/' },
    },
    {
      name: 'triage-slices-reach-the-screen-through-its-context',
      comment:
        'Slices read the screen state through triage-screen-context.tsx; the page and the state hook compose the slices.',
      severity: 'error',
      from: { path: '^apps/web/src/features/triage/[^/]+/' },
      to: { path: '^apps/web/src/features/triage/(triage-page|use-triage-screen-state)\\.tsx?$' },
    },
    ...serverFeatureRules,
    {
      name: 'server-features-are-listed',
      comment:
        'A new server feature folder is added to serverFeatureCalls above before it calls another feature.',
      severity: 'error',
      from: {
        path: '^apps/server/src/features/([^/]+)/',
        pathNot: `^apps/server/src/features/(${Object.keys(serverFeatureCalls).join('|')})/`,
      },
      to: { path: '^apps/server/src/features/', pathNot: '^apps/server/src/features/$1/' },
    },
    {
      name: 'server-features-call-each-other-through-index',
      comment:
        "A server feature uses another only through that feature's index.ts: the named operations it offers (features/README.md).",
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/',
        pathNot: ['^apps/server/src/features/$1/', '^apps/server/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'no-feature-imports-another-features-routes',
      comment:
        "Routes are mounted by the composition root (app.ts); a helper two features share moves down or into the feature's index.ts.",
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/[^/]+/[^/]*-routes\\.ts$',
        pathNot: '^apps/server/src/features/$1/',
      },
    },
    {
      name: 'feature-index-exports-no-routes',
      comment: "A feature's index.ts is what other features may call; its routes are app.ts's to mount.",
      severity: 'error',
      from: { path: '^apps/server/src/features/[^/]+/index\\.ts$' },
      to: { path: '-routes\\.ts$' },
    },
    {
      name: 'sandbox-imports-nothing-of-ours',
      severity: 'error',
      from: { path: '^tools/mail-sandbox/src' },
      to: { path: '^(apps|packages|bench|e2e)/' },
    },
    {
      name: 'mail-has-one-door',
      comment:
        'The rest of the server reaches the mail layer through its doors only: apps/server/src/mail/index.ts, and mail/fleet.ts for the job engine (ARCHITECTURE.md).',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/mail/' },
      to: {
        path: '^apps/server/src/mail/',
        pathNot: ['^apps/server/src/mail/index\\.ts$', '^apps/server/src/mail/fleet\\.ts$'],
      },
    },
    {
      name: 'mail-fleet-door-is-the-engines',
      comment:
        "mail/fleet.ts is the job engine's door (each job's work on one mailbox, what is due, the Gmail pull, IDLE): jobs/, the health feature and the composition root use it; other features use mail/index.ts.",
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: ['^apps/server/src/(jobs|mail|features/health)/', '^apps/server/src/(app|main)\\.ts$'],
      },
      to: { path: '^apps/server/src/mail/fleet\\.ts$' },
    },
    {
      name: 'bench-and-e2e-use-the-mail-doors',
      comment:
        "bench/ and e2e/ reach the mail layer like the server does, through its doors: mail/index.ts, mail/fleet.ts, and mail/testing.ts made for the bench's harness.",
      severity: 'error',
      from: { path: '^(bench|e2e)/' },
      to: {
        path: '^apps/server/src/mail/',
        pathNot: '^apps/server/src/mail/(index|fleet|testing)\\.ts$',
      },
    },
    {
      name: 'mail-testing-door-is-the-benchs',
      comment: "mail/testing.ts opens the mail layer below the features for the bench's baselines only.",
      severity: 'error',
      from: { pathNot: ['^bench/', '^apps/server/src/mail/'] },
      to: { path: '^apps/server/src/mail/testing\\.ts$' },
    },
    {
      name: 'mail-core-imports-nothing-above',
      comment:
        'mail/core (provider types, transport, session, tokens, notices, the integration store) is the ground floor of the mail layer: it imports neither the providers nor the engine (apps/server/src/mail/README.md).',
      severity: 'error',
      from: { path: '^apps/server/src/mail/core/' },
      to: { path: '^apps/server/src/mail/', pathNot: '^apps/server/src/mail/core/' },
    },
    {
      name: 'mail-providers-import-only-core',
      comment:
        'Each adapter under mail/providers imports mail/core and its own folder, never the engine or another adapter.',
      severity: 'error',
      from: { path: '^apps/server/src/mail/providers/([^/]+)/' },
      to: {
        path: '^apps/server/src/mail/',
        pathNot: ['^apps/server/src/mail/core/', '^apps/server/src/mail/providers/$1/'],
      },
    },
    {
      name: 'engine-layers-import-no-features',
      comment: 'jobs/ and mail/ are the engine under the features; features call them, never the other way.',
      severity: 'error',
      from: { path: '^apps/server/src/(jobs|mail)/' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'no-import-circles',
      comment: 'No two files import each other, directly or around a loop (type-only imports count too).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist)' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    preserveSymlinks: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
