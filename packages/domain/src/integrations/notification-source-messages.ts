export const SOURCE_CREATION_FAILED_TITLE = 'Creation Failed';
export const SOURCE_UPDATE_FAILED_TITLE = 'Update Failed';
export const SOURCE_DELETION_FAILED_TITLE = 'Deletion Failed';
export const SOURCE_TOGGLE_FAILED_TITLE = 'Toggle Failed';
export const SOURCE_CREATED_TITLE = 'Source Created';
export const SOURCE_UPDATED_TITLE = 'Updated';
export const SOURCE_DELETED_TITLE = 'Deleted';

export type SourceOperation = 'create' | 'update' | 'delete' | 'toggle';

const FAILURE_TITLES: Record<SourceOperation, string> = {
  create: SOURCE_CREATION_FAILED_TITLE,
  update: SOURCE_UPDATE_FAILED_TITLE,
  delete: SOURCE_DELETION_FAILED_TITLE,
  toggle: SOURCE_TOGGLE_FAILED_TITLE,
};

const FAILURE_FALLBACKS: Record<SourceOperation, string> = {
  create: 'Could not create the notification source. Please try again.',
  update: 'Could not update the notification source. Please try again.',
  delete: 'Could not delete the notification source. Please try again.',
  toggle: 'Could not change syncing for the notification source. Please try again.',
};

/** The failure toast of a notification-source operation. */
export function sourceFailureMessage(operation: SourceOperation, errorMessage?: string | null) {
  return { title: FAILURE_TITLES[operation], description: errorMessage || FAILURE_FALLBACKS[operation] };
}
