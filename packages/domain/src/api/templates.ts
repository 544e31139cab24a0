/**
 * Saved replies (templates), per user. Every endpoint needs a session; errors are `{error:{code,message}}`.
 *
 * GET    /api/templates                 → TemplateListResponse   (by name)
 * POST   /api/templates     body TemplateInput   → 201 TemplateResponse
 * PATCH  /api/templates/:id body TemplatePatch   → TemplateResponse
 * DELETE /api/templates/:id                        → 204
 *
 * Names are unique per user, case-insensitively (409 "A template with this name already exists."); an
 * unknown or foreign id answers 404 "Template not found.". Subject and body may use the placeholders of
 * triage/fill-template.ts: {{first_name}}, {{sender_name}}, {{my_name}}.
 */
import { z } from 'zod';
import { safeString } from './safe-string';

import {
  TEMPLATE_BODY_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_SUBJECT_MAX_LENGTH,
} from './templates-endpoints';

// The zod-free half (paths, limits, texts, DTOs) lives in ./templates-endpoints for the browser.
export * from './templates-endpoints';

/** A name is what follows `;` in the compose body: letters, digits, spaces, dashes and underscores. */
const name = safeString()
  .trim()
  .min(1, 'must not be empty')
  .max(TEMPLATE_NAME_MAX_LENGTH)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, 'may use letters, digits, spaces, - and _ only');
const subject = safeString().max(TEMPLATE_SUBJECT_MAX_LENGTH);
const body = safeString().max(TEMPLATE_BODY_MAX_LENGTH);

export const templateInputSchema = z.strictObject({ name, subject: subject.default(''), body });

export const templatePatchSchema = z
  .strictObject({ name: name.optional(), subject: subject.optional(), body: body.optional() })
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to update.');

export const templateIdParamsSchema = z.strictObject({ id: z.uuid('id must be a valid id.') });
