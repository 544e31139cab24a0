// Who may see and act on which rows: the lower module every server feature may import (features/README.md).
// A shared mailbox's rows stay its owner's (decision 012); a thread is opened as its data owner's (decision 013).

export type { ThreadRef } from './access-repository';
export { itemOwnership, itemsOwner, listingOwner, threadOwner } from './shared-scope';
export { type FirmMember, firmMembers, resolveThread, type ThreadScope } from './thread-scope';
