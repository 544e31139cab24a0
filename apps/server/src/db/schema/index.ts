export * from './auth';
export * from './email-integrations';
export * from './notification-sources';
export * from './profiles';
export * from './triage-items';
