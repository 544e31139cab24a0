import { expect, type Locator, type Page } from '@playwright/test';

/** What a keyboard user sees of the focused element: where it is, and whether it shows a focus indicator. */
type FocusState = {
  description: string;
  hasIndicator: boolean;
  isInViewport: boolean;
  isObscured: boolean;
};

function readFocus(): FocusState | null {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const style = getComputedStyle(element);
  const hasOutline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1;
  const hasRing = style.boxShadow !== 'none' && style.boxShadow !== '';
  const rect = element.getBoundingClientRect();
  const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
  const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
  return {
    description: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}"`,
    hasIndicator: hasOutline || hasRing,
    isInViewport: rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth,
    // WCAG 2.4.11: the focused element is not entirely hidden by something drawn over it (a sticky header,
    // a toast). Only its centre is probed, so a partly covered element passes, as the criterion allows.
    isObscured: hit !== null && hit !== element && !element.contains(hit) && !hit.contains(element),
  };
}

/** Asserts the focused element shows a focus indicator and is not hidden (WCAG 2.4.7, 2.4.11). */
export async function expectVisibleFocus(page: Page): Promise<string> {
  const state = await page.evaluate(readFocus);
  expect(state, 'something has keyboard focus').not.toBeNull();
  if (!state) return '';
  expect(state.hasIndicator, `${state.description} shows a focus indicator`).toBe(true);
  expect(state.isInViewport, `${state.description} is scrolled into view`).toBe(true);
  expect(state.isObscured, `${state.description} is not covered`).toBe(false);
  return state.description;
}

/**
 * Presses Tab (Shift+Tab when `backwards`) until `target` has focus, checking the focus indicator at every
 * stop on the way; fails after `maxPresses`.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { maxPresses?: number; backwards?: boolean } = {},
): Promise<void> {
  const maxPresses = options.maxPresses ?? 40;
  const visited: string[] = [];
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    // Past the last element focus leaves the page for the browser's own controls; the next Tab comes back.
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    visited.push(await expectVisibleFocus(page));
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${maxPresses} Tab presses did not reach ${target}; visited:\n${visited.join('\n')}`);
}
