export * from './auth';
export * from './email-integrations';
export * from './follow-up-reminders';
export * from './notification-sources';
export * from './outgoing-mail';
export * from './profiles';
export * from './reply-templates';
export * from './triage-items';
