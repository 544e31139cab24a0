import {
  TEMPLATES_API,
  type TemplateDto,
  type TemplateInput,
  type TemplateListResponse,
  type TemplatePatch,
  type TemplateResponse,
} from '@ledgerdesk/domain/api/templates-endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useProfile } from '../../../lib/profile-query';

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: ['templates'],
    queryFn: async () => (await api<TemplateListResponse>(TEMPLATES_API.list)).templates,
    staleTime: 60_000,
  });

/** The user's saved replies, by name. */
export function useTemplates() {
  return useQuery(templatesQueryOptions());
}

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templatesQueryOptions().queryKey });
}

export function useCreateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (input: TemplateInput) =>
      api<TemplateResponse>(TEMPLATES_API.list, { method: 'POST', body: input }).then((r) => r.template),
    onSuccess: invalidate,
  });
}

export function useUpdateTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TemplatePatch }) =>
      api<TemplateResponse>(TEMPLATES_API.one(id), { method: 'PATCH', body: patch }).then((r) => r.template),
    onSuccess: invalidate,
  });
}

export function useDeleteTemplate() {
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: (template: TemplateDto) => api<void>(TEMPLATES_API.one(template.id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** The user's own name for {{my_name}}, from the shared profile query (lib/profile-query.ts). */
export function useMyName(): string | null {
  return useProfile().data?.fullName ?? null;
}
