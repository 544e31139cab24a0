import { lazy, Suspense, useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';
import { cn } from '../lib/cn';
import { isSonnerRequested, loadSonner, onSonnerRequested } from '../lib/toast';

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Every toast of the stack, when a keyboard user is among them (sonner shows three). */
const VISIBLE_TOASTS_WITH_FOCUS = 10;
const TOASTS = '[data-sonner-toaster]';

/**
 * sonner's Toaster, mounted with the first toast (see lib/toast.ts). sonner stacks toasts behind the front one
 * and spreads them only under the mouse, so a keyboard user tabbed onto a button drawn behind another toast
 * (WCAG 2.4.11) or hidden past the third. While focus is inside, the stack is spread, all of it, at once
 * (`ld-toasts-focused` turns the movement off in styles.css), and sonner holds the timers while it is spread.
 */
export function DeferredToaster(props: ToasterProps) {
  const [isWanted, setIsWanted] = useState(isSonnerRequested);
  const isFocusWithin = useToastsKeyboard(isWanted);
  useEffect(() => {
    if (isWanted) return;
    if (isSonnerRequested()) setIsWanted(true);
    return onSonnerRequested(() => setIsWanted(true));
  }, [isWanted]);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        {...props}
        className={cn(props.className, isFocusWithin && 'ld-toasts-focused')}
        expand={props.expand || isFocusWithin}
        visibleToasts={isFocusWithin ? VISIBLE_TOASTS_WITH_FOCUS : props.visibleToasts}
      />
    </Suspense>
  );
}

/**
 * Whether keyboard focus is on something inside the toasts. sonner holds its timers only while its own
 * pointer-driven state says "spread", and leaves that state set after its Alt+T hotkey even once focus has gone;
 * so focus coming in tells it the pointer came (a `mousemove` on the stack) and focus going out that it left (a
 * `mouseout`). Escape inside the stack gives focus back to where it came from (sonner restores it when focus
 * leaves for nowhere).
 */
function useToastsKeyboard(isMounted: boolean): boolean {
  const [isFocusWithin, setIsFocusWithin] = useState(false);
  useEffect(() => {
    if (!isMounted) return;
    const toastsOf = (target: EventTarget | null) =>
      target instanceof Element ? target.closest<HTMLElement>(TOASTS) : null;
    let cameFrom: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const toasts = toastsOf(event.target);
      if (toasts && !toastsOf(event.relatedTarget)) {
        cameFrom = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
        toasts.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
      }
      setIsFocusWithin(toasts !== null);
    };
    const onFocusOut = (event: FocusEvent) => {
      const toasts = toastsOf(event.target);
      const isStaying = toastsOf(event.relatedTarget) !== null;
      if (toasts && !isStaying) {
        toasts.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: null }));
      }
      // Focus leaving for nowhere (the window, a removed toast) fires no focusin.
      setIsFocusWithin(isStaying);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const focused = document.activeElement;
      if (event.key !== 'Escape' || !(focused instanceof HTMLElement) || !toastsOf(focused)) return;
      // The page's own Escape (closing the open thread) is not for a key pressed in the toasts.
      event.preventDefault();
      focused.blur();
      // sonner restores focus too, but its memory of where from goes stale once a focused toast is removed.
      if (cameFrom?.isConnected) cameFrom.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isMounted]);
  return isFocusWithin;
}
