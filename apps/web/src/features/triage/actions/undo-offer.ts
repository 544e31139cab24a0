// The last action the user may still take back: the toast's Undo button and the `z` key run the same offer.

type Offer = { run: () => void; expiresAt: number };

let current: Offer | null = null;

/** Offers `run` as the undo of the latest action for `seconds`; it replaces any earlier offer. */
export function offerUndo(run: () => void, seconds: number): void {
  current = { run, expiresAt: Date.now() + seconds * 1000 };
}

/** Takes the offer out (it was used, or its action was taken back another way). */
export function withdrawUndo(run: () => void): void {
  if (current?.run === run) current = null;
}

/** Runs the latest offer if it is still open; answers whether there was one. */
export function undoLatest(): boolean {
  const offer = current;
  current = null;
  if (!offer || offer.expiresAt < Date.now()) return false;
  offer.run();
  return true;
}
