// What other features may use of clients (features/README.md): a thread's client and the work items it is filed to
// (Thread activity), and the writes a rule's Set client and Add to work make and Undo takes back.

export {
  clientListOf,
  contactOrganisationOf,
  fileThread,
  listWorkItemIdsOfThread,
  revertContact,
  unfileThread,
  upsertContact,
} from './clients-repository';
export { resolveThreadClient } from './resolve-client';
