import type { RuleDto } from '@ledgerdesk/domain/api/rules-endpoints';
import { type RuleRow, toRule } from './rules-repository';

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

export function toRuleDto(
  row: RuleRow,
  stats: { matchCount: number; lastMatchedAt: Date | null } | undefined,
): RuleDto {
  return {
    ...toRule(row),
    disabledReason: row.disabledReason,
    matchCount: Number(stats?.matchCount ?? 0),
    lastMatchedAt: iso(stats?.lastMatchedAt ?? null),
    createdAt: iso(row.createdAt) ?? '',
    updatedAt: iso(row.updatedAt) ?? '',
  };
}
