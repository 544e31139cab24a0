/** Quota units per Gmail API method, from Google's published usage limits. */
export const GMAIL_METHOD_COSTS: Record<string, number> = {
  getProfile: 1,
  'labels.list': 1,
  'messages.list': 5,
  'messages.get': 5,
  'messages.attachments.get': 5,
  'messages.modify': 5,
  'messages.batchModify': 50,
  'messages.batchDelete': 50,
  'messages.trash': 5,
  'messages.untrash': 5,
  'messages.delete': 10,
  'messages.send': 100,
  'history.list': 2,
  'threads.get': 10,
  'threads.list': 10,
  watch: 100,
  stop: 50,
};

const ROUTES: [method: string, pattern: RegExp, name: string][] = [
  ['GET', /\/profile$/, 'getProfile'],
  ['GET', /\/labels$/, 'labels.list'],
  ['GET', /\/messages$/, 'messages.list'],
  ['GET', /\/messages\/:id$/, 'messages.get'],
  ['GET', /\/attachments\/:attachmentId$/, 'messages.attachments.get'],
  ['POST', /\/messages\/:id\/modify$/, 'messages.modify'],
  ['POST', /\/messages\/batchModify$/, 'messages.batchModify'],
  ['POST', /\/messages\/batchDelete$/, 'messages.batchDelete'],
  ['POST', /\/messages\/:id\/trash$/, 'messages.trash'],
  ['POST', /\/messages\/:id\/untrash$/, 'messages.untrash'],
  ['DELETE', /\/messages\/:id$/, 'messages.delete'],
  ['POST', /\/messages\/send$/, 'messages.send'],
  ['GET', /\/history$/, 'history.list'],
  ['GET', /\/threads\/:id$/, 'threads.get'],
  ['GET', /\/threads$/, 'threads.list'],
  ['POST', /\/watch$/, 'watch'],
  ['POST', /\/stop$/, 'stop'],
];

/** Cost of a request, from its HTTP method and Fastify route pattern. */
export function gmailCostOf(method: string, routeUrl: string): number {
  const route = ROUTES.find(([routeMethod, pattern]) => routeMethod === method && pattern.test(routeUrl));
  return route ? (GMAIL_METHOD_COSTS[route[2]] ?? 5) : 0;
}
