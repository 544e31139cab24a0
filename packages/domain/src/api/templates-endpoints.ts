/** Paths, limits, texts and DTOs of the templates API (described in ./templates.ts), without zod. */
export const TEMPLATE_NAME_MAX_LENGTH = 60;
export const TEMPLATE_SUBJECT_MAX_LENGTH = 255;
export const TEMPLATE_BODY_MAX_LENGTH = 20_000;
export const TEMPLATES_MAX_PER_USER = 200;

export const TEMPLATE_NAME_TAKEN = 'A template with this name already exists.';
export const TEMPLATE_NOT_FOUND = 'Template not found.';
export const TEMPLATE_LIMIT_REACHED = `You can keep at most ${TEMPLATES_MAX_PER_USER} templates.`;

export const TEMPLATES_API = {
  list: '/api/templates',
  one: (id: string) => `/api/templates/${encodeURIComponent(id)}`,
} as const;

export type TemplateDto = {
  id: string;
  name: string;
  subject: string;
  body: string;
  createdAt: string;
  updatedAt: string;
};
export type TemplateListResponse = { templates: TemplateDto[] };
export type TemplateResponse = { template: TemplateDto };

export type TemplateInput = { name: string; subject: string; body: string };
export type TemplatePatch = Partial<TemplateInput>;
