/** Query keys of the integrations feature, in one place so every mutation invalidates the right lists. */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: () => ['integrations', 'list'] as const,
  resetInfo: () => ['integrations', 'reset-info'] as const,
  sources: () => ['notification-sources'] as const,
};

/** The triage feature's queries (lists, counts, its own integrations copy) all start with this key. */
export const TRIAGE_QUERY_KEY = ['triage'] as const;
