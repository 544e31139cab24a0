// What the composition root (app.ts) takes from the rules beside their routes: filing new mail as it is synced (the mail layer's
// FilingHook), what Undo takes back of a rule (triage's TakeBackHook) and a thread's rule history (collaboration's
// RuleHistoryHook). No other feature imports the rules: they sit on top (features/README.md).

export { createRuleFiling } from './rule-filing';
export { ruleHistoryOfThread } from './rule-history';
export { takeBackRuleEffects } from './thread-actions';
