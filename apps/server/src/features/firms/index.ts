// What other features may use of firms (features/README.md): a member's name as colleagues read it, and a mailbox
// a colleague already shares.

export { actorDisplayName, findSharedByColleague } from './firm-repository';
