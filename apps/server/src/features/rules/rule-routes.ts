import {
  RULES_API,
  type RulesResponse,
  reorderRulesBodySchema,
  ruleBodySchema,
  ruleParamsSchema,
  rulePatchSchema,
  rulePreviewBodySchema,
} from '@ledgerdesk/domain/api/rules';
import { RULE_MESSAGES } from '@ledgerdesk/domain/rules/rule-messages';
import { RULES_MAX_PER_OWNER, type Rule } from '@ledgerdesk/domain/rules/rule-types';
import type { FastifyInstance } from 'fastify';
import { type Tx, withUser } from '../../db/with-user';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { applyRuleNow } from './apply-rule-now';
import { checkRuleReferences } from './check-rule';
import { previewRule } from './preview-rule';
import { toRuleDto } from './rule-dto';
import {
  callerFirm,
  countRules,
  deleteRule,
  findRule,
  insertRule,
  listRuleStats,
  listRules,
  type RuleOwner,
  type RuleRow,
  reorderRules,
  toRule,
  updateRule,
} from './rules-repository';

/** Whose rules a scope names for the caller; firm rules only for a firm's owners. */
async function ownerFor(tx: Tx, userId: string, scope: 'personal' | 'firm'): Promise<RuleOwner> {
  if (scope === 'personal') return { userId, firmId: null };
  const firm = await callerFirm(tx);
  if (!firm) throw forbidden(RULE_MESSAGES.notInFirm);
  if (!firm.isOwner) throw forbidden(RULE_MESSAGES.ownersOnly);
  return { userId: null, firmId: firm.firmId };
}

/** A rule the caller may change: their own personal rule, or (owners) a rule of their firm. */
async function changeableRule(tx: Tx, userId: string, id: string): Promise<RuleRow> {
  const row = await findRule(tx, id);
  if (!row) throw notFound(RULE_MESSAGES.notFound);
  // A member reads the firm's rules; only its owners change them (row-level security says the same).
  if (row.firmId) await ownerFor(tx, userId, 'firm');
  return row;
}

async function rulesResponse(tx: Tx, userId: string): Promise<RulesResponse> {
  const firm = await callerFirm(tx);
  const personal = await listRules(tx, { userId, firmId: null });
  const firmRules = firm ? await listRules(tx, { userId: null, firmId: firm.firmId }) : [];
  const stats = await listRuleStats(
    tx,
    [...personal, ...firmRules].map((row) => row.id),
  );
  return {
    personal: personal.map((row) => toRuleDto(row, stats.get(row.id))),
    firm: firmRules.map((row) => toRuleDto(row, stats.get(row.id))),
    hasFirm: firm !== null,
    canManageFirmRules: firm?.isOwner === true,
  };
}

async function ruleAnswer(tx: Tx, row: RuleRow) {
  const stats = await listRuleStats(tx, [row.id]);
  return { rule: toRuleDto(row, stats.get(row.id)) };
}

/** Rules (domain api/rules-endpoints.ts, decision 025). */
export async function ruleRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      path: RULES_API.rules,
      summary: "The user's rules and their firm's.",
      auth: { action: 'view rules' },
    },
    async ({ user }) => withUser(app.db, user.id, (tx) => rulesResponse(tx, user.id)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: RULES_API.rules,
      summary: 'Create a rule (personal, or for the firm’s shared mailboxes by an owner).',
      auth: { action: 'create rules' },
      body: ruleBodySchema,
    },
    async ({ user, body, reply }) => {
      const answer = await withUser(app.db, user.id, async (tx) => {
        const owner = await ownerFor(tx, user.id, body.scope);
        if ((await countRules(tx, owner)) >= RULES_MAX_PER_OWNER)
          throw conflict(owner.firmId ? RULE_MESSAGES.firmLimit : RULE_MESSAGES.personalLimit);
        await checkRuleReferences(tx, user.id, body);
        const { scope: _scope, ...fields } = body;
        return ruleAnswer(tx, await insertRule(tx, owner, { ...fields, createdBy: user.id }));
      });
      reply.code(201);
      return answer;
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: RULES_API.reorder,
      summary: 'Set the order rules run in.',
      auth: { action: 'reorder rules' },
      body: reorderRulesBodySchema,
    },
    async ({ user, body }) =>
      withUser(app.db, user.id, async (tx) => {
        const owner = await ownerFor(tx, user.id, body.scope);
        const current = (await listRules(tx, owner)).map((row) => row.id).sort();
        const wanted = [...new Set(body.ids.map((id) => id.toLowerCase()))];
        if (wanted.length !== body.ids.length || [...wanted].sort().join() !== current.join())
          throw badRequest(RULE_MESSAGES.reorderMismatch);
        await reorderRules(tx, wanted);
        return rulesResponse(tx, user.id);
      }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: RULES_API.preview,
      summary: 'How many threads of the last 30 days a rule would have matched, with the list.',
      auth: { action: 'preview rules' },
      body: rulePreviewBodySchema,
    },
    async ({ user, body }) =>
      withUser(app.db, user.id, async (tx) => {
        if (body.scope === 'firm') await ownerFor(tx, user.id, 'firm');
        const rule: Rule = {
          id: 'preview',
          name: 'Preview',
          scope: body.scope,
          match: body.match,
          conditions: body.conditions,
          actions: body.actions ?? [{ kind: 'later' }],
          stopHere: false,
          isEnabled: true,
          position: 0,
          version: 1,
        };
        return previewRule(tx, user.id, rule, app.clock.now());
      }),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      path: '/api/rules/:id',
      summary: 'Change a rule (each change is a new version, applied to new mail once).',
      auth: { action: 'change rules' },
      params: ruleParamsSchema,
      body: rulePatchSchema,
    },
    async ({ user, params, body }) =>
      withUser(app.db, user.id, async (tx) => {
        const row = await changeableRule(tx, user.id, params.id);
        const merged = { ...toRule(row), ...body };
        await checkRuleReferences(tx, user.id, merged);
        const updated = await updateRule(tx, row.id, body);
        if (!updated) throw notFound(RULE_MESSAGES.notFound);
        return ruleAnswer(tx, updated);
      }),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      path: '/api/rules/:id',
      summary: 'Delete a rule.',
      auth: { action: 'delete rules' },
      params: ruleParamsSchema,
    },
    async ({ user, params, reply }) => {
      await withUser(app.db, user.id, async (tx) => {
        const row = await changeableRule(tx, user.id, params.id);
        if (!(await deleteRule(tx, row.id))) throw notFound(RULE_MESSAGES.notFound);
      });
      reply.code(204);
      return null;
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/rules/:id/apply',
      summary: 'Apply a rule now to the threads its preview lists, as one bulk action with one Undo.',
      auth: { action: 'apply rules' },
      params: ruleParamsSchema,
    },
    async ({ user, params }) => {
      const rule = await withUser(app.db, user.id, async (tx) =>
        toRule(await changeableRule(tx, user.id, params.id)),
      );
      return applyRuleNow(app, user.id, rule, app.clock.now());
    },
  );
}
