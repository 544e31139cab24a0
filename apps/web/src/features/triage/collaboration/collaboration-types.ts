/** An assignment as the Assign dialog and the quick "Assign to me" send it (decision 013). */
export type AssignInput = {
  threadKey: string;
  assigneeUserId: string | null;
  todoDate?: string | null;
  comment?: string | null;
  clear?: boolean;
};

/** A client named from a thread: the organisation for an address, or for the address's whole domain. */
export type SaveClientInput = {
  organisation: string;
  address: string;
  contactName: string | null;
  matchDomain: boolean;
};

/** What the Assign dialog gives back: the member, an optional to-do date and comment, and whether to clear. */
export type AssignChoice = {
  assigneeUserId: string;
  todoDate: string | null;
  comment: string | null;
  clear: boolean;
};
