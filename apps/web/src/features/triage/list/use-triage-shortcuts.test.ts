// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isOwnedByTarget } from './use-triage-shortcuts';

// Which keys the triage shortcuts leave to the focused element.

afterEach(() => {
  document.body.innerHTML = '';
});

function element(html: string): HTMLElement {
  document.body.innerHTML = html;
  const found = document.body.querySelector<HTMLElement>('[data-target]');
  if (!found) throw new Error('no target');
  return found;
}

describe('isOwnedByTarget', () => {
  it('leaves every key to a field the user types in', () => {
    for (const html of [
      '<input data-target>',
      '<input type="search" data-target>',
      '<textarea data-target></textarea>',
      '<select data-target></select>',
      '<div contenteditable="true"><span data-target>x</span></div>',
    ])
      expect(isOwnedByTarget(element(html), 'e'), html).toBe(true);
  });

  it("takes the shortcuts from a row's checkbox, but not its Enter", () => {
    const checkbox = element('<input type="checkbox" data-target>');
    for (const key of ['e', 'j', 'k', 'x', 'Escape', 'l', 'z'])
      expect(isOwnedByTarget(checkbox, key), key).toBe(false);
    expect(isOwnedByTarget(checkbox, 'Enter')).toBe(true);
  });

  it('leaves the arrows to radio buttons, toolbars and the panes separator', () => {
    expect(isOwnedByTarget(element('<input type="radio" data-target>'), 'ArrowDown')).toBe(true);
    expect(
      isOwnedByTarget(element('<div role="toolbar"><button data-target>a</button></div>'), 'ArrowDown'),
    ).toBe(true);
    expect(isOwnedByTarget(element('<div data-separator data-target></div>'), 'ArrowLeft')).toBe(true);
    expect(isOwnedByTarget(element('<button data-target>a</button>'), 'ArrowDown')).toBe(false);
  });

  it('leaves every key to open dialogs and menus, and Enter to buttons but not to a row', () => {
    expect(isOwnedByTarget(element('<div role="dialog"><button data-target>a</button></div>'), 'e')).toBe(
      true,
    );
    expect(isOwnedByTarget(element('<div role="menu"><div data-target>a</div></div>'), 'j')).toBe(true);
    expect(isOwnedByTarget(element('<button data-target>a</button>'), 'Enter')).toBe(true);
    expect(isOwnedByTarget(element('<button data-row-index="0" data-target>a</button>'), 'Enter')).toBe(
      false,
    );
  });
});
