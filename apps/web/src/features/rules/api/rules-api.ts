import { CLIENTS_API, type ClientOrganisationsResponse } from '@ledgerdesk/domain/api/clients-endpoints';
import {
  RULES_API,
  type RuleApplyResponse,
  type RuleDto,
  type RulePreviewResponse,
  type RulesResponse,
} from '@ledgerdesk/domain/api/rules-endpoints';
import type { UndoActionResponse } from '@ledgerdesk/domain/api/triage';
import { TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import type { RuleScope } from '@ledgerdesk/domain/rules/rule-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The rules screen's one cache entry: the caller's personal rules and the firm's (decision 025). */
export const RULES_QUERY_KEY = ['rules'] as const;

/** The body the API takes to create or preview a rule (validated by the domain's ruleBodySchema first). */
export type RuleInput = {
  name: string;
  scope: RuleScope;
  match: 'all' | 'any';
  conditions: unknown[];
  actions: unknown[];
  stopHere: boolean;
  isEnabled: boolean;
};

export function useRules() {
  return useQuery({
    queryKey: RULES_QUERY_KEY,
    queryFn: () => api<RulesResponse>(RULES_API.rules),
    staleTime: 15_000,
  });
}

function useRulesMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      if (result && typeof result === 'object' && 'personal' in result) {
        queryClient.setQueryData(RULES_QUERY_KEY, result);
      }
      void queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY });
    },
  });
}

export const useCreateRule = () =>
  useRulesMutation((body: RuleInput) =>
    api<{ rule: RuleDto }>(RULES_API.rules, { method: 'POST', body }).then((answer) => answer.rule),
  );

export const useUpdateRule = () =>
  useRulesMutation(({ id, patch }: { id: string; patch: Partial<Omit<RuleInput, 'scope'>> }) =>
    api<{ rule: RuleDto }>(RULES_API.rule(id), { method: 'PATCH', body: patch }).then(
      (answer) => answer.rule,
    ),
  );

export const useDeleteRule = () =>
  useRulesMutation((id: string) => api<void>(RULES_API.rule(id), { method: 'DELETE' }));

export const useReorderRules = () =>
  useRulesMutation(({ scope, ids }: { scope: RuleScope; ids: string[] }) =>
    api<RulesResponse>(RULES_API.reorder, { method: 'POST', body: { scope, ids } }),
  );

/** The server's count and list of the threads the rule would have matched in the last 30 days. */
export const usePreviewRule = () =>
  useMutation({
    mutationFn: (body: RuleInput) => api<RulePreviewResponse>(RULES_API.preview, { method: 'POST', body }),
  });

/** "Also apply to these now": one bulk action over the matching stored items, with one Undo. */
export function useApplyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<RuleApplyResponse>(RULES_API.apply(id), { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['triage'] });
    },
  });
}

/** Undoes a rule's bulk action as a person's (POST /api/triage/actions/:id/undo). */
export function useUndoRuleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (actionId: string) => api<UndoActionResponse>(TRIAGE_API.undo(actionId), { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['triage'] }),
  });
}

/** The client organisations the rule form's client picker offers (GET /api/clients). */
export function useClientOrganisations() {
  return useQuery({
    queryKey: ['clients', 'organisations'],
    queryFn: () => api<ClientOrganisationsResponse>(CLIENTS_API.clients),
    select: (response) => response.organisations,
    staleTime: 30_000,
  });
}
