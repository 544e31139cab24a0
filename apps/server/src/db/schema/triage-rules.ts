import type { RuleAction, RuleCondition, RuleMatchMode } from '@ledgerdesk/domain/rules/rule-types';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { emailIntegrations } from './email-integrations';
import { firms } from './firms';
import { triageActions } from './triage-actions';
import { triageItems } from './triage-items';

/** Rules (migration 0030, decision 025): personal (user_id) or firm (firm_id). Checks and row-level security are in the SQL migration. */
export const triageRules = pgTable('triage_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  firmId: uuid('firm_id').references(() => firms.id, { onDelete: 'cascade' }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  match: text('match').$type<RuleMatchMode>().default('all').notNull(),
  conditions: jsonb('conditions').$type<RuleCondition[]>().notNull(),
  actions: jsonb('actions').$type<RuleAction[]>().notNull(),
  stopHere: boolean('stop_here').default(false).notNull(),
  isEnabled: boolean('is_enabled').default(true).notNull(),
  position: integer('position').notNull(),
  version: integer('version').default(1).notNull(),
  disabledReason: text('disabled_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * One row per owner of rules (a user's personal rules, a firm's rules): a version every write of one of its rules
 * raises, and how many it has (migration 0033; written only by its trigger). The filing's fingerprint.
 */
export const triageRuleSets = pgTable('triage_rule_sets', {
  owner: text('owner').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  firmId: uuid('firm_id').references(() => firms.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).default(1).notNull(),
  ruleCount: integer('rule_count').default(0).notNull(),
});

/** How often a rule matched and when last; written only by `ledgerdesk_count_rule_matches`. */
export const triageRuleStats = pgTable('triage_rule_stats', {
  ruleId: uuid('rule_id')
    .primaryKey()
    .references(() => triageRules.id, { onDelete: 'cascade' }),
  matchCount: bigint('match_count', { mode: 'number' }).default(0).notNull(),
  lastMatchedAt: timestamp('last_matched_at', { withTimezone: true }),
});

/** Each (message, rule, version) applied once: the key makes application exactly once across nodes and re-syncs. */
export const triageRuleApplications = pgTable(
  'triage_rule_applications',
  {
    emailIntegrationId: uuid('email_integration_id')
      .notNull()
      .references(() => emailIntegrations.id, { onDelete: 'cascade' }),
    emailMessageId: text('email_message_id').notNull(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => triageRules.id, { onDelete: 'cascade' }),
    ruleVersion: integer('rule_version').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    triageItemId: uuid('triage_item_id').references(() => triageItems.id, { onDelete: 'set null' }),
    threadKey: text('thread_key'),
    actionId: uuid('action_id').references(() => triageActions.id, { onDelete: 'set null' }),
    label: text('label').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.emailIntegrationId, table.emailMessageId, table.ruleId, table.ruleVersion],
    }),
  ],
);
