/** The undo window (decision 010): how long a sent message is held, and an action's toast offers Undo. */
export const UNDO_SECONDS_CHOICES = [0, 5, 10, 20, 30] as const;
export type UndoSeconds = (typeof UNDO_SECONDS_CHOICES)[number];
export const DEFAULT_UNDO_SECONDS: UndoSeconds = 5;

/** A stored value as an allowed undo window; anything else is the default. */
export function toUndoSeconds(value: unknown): UndoSeconds {
  return (UNDO_SECONDS_CHOICES as readonly unknown[]).includes(value)
    ? (value as UndoSeconds)
    : DEFAULT_UNDO_SECONDS;
}
