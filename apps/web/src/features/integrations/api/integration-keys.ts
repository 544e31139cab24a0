import { INTEGRATIONS_LIST_KEY } from '../../../lib/integrations-query';

/** Query keys of the integrations feature, in one place so every mutation invalidates the right lists. */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: () => INTEGRATIONS_LIST_KEY,
  resetInfo: () => ['integrations', 'reset-info'] as const,
  providers: () => ['integrations', 'providers'] as const,
  sources: () => ['notification-sources'] as const,
};

/** The triage feature's queries (lists, counts, threads) all start with this key. */
export const TRIAGE_QUERY_KEY = ['triage'] as const;
