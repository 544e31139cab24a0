// The rules API's schemas (zod) beside its zod-free half (./rules-endpoints), as the other APIs do.
export * from '../rules/rule-schema';
export * from './rules-endpoints';
