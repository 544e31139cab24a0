// @vitest-environment happy-dom
import type { PanelSizes } from '@ledgerdesk/domain/entities';
import { clampPanelSizes } from '@ledgerdesk/domain/triage/panel-sizes';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaneSeparator } from './pane-separator';

// The triage panes' separator (spec §9): keyboard steps, limits, lock, and a drag measured against the group.

function Harness({ isDisabled = false, initial = 60 }: { isDisabled?: boolean; initial?: number }) {
  const groupRef = useRef<HTMLDivElement | null>(null);
  const [left, setLeft] = useState(initial);
  const onResize = (next: Partial<PanelSizes>) => setLeft(clampPanelSizes(next).left);
  return (
    <div ref={groupRef} data-testid="group">
      <PaneSeparator
        groupRef={groupRef}
        value={left}
        controls="list"
        isDisabled={isDisabled}
        onResize={onResize}
      />
    </div>
  );
}

afterEach(cleanup);

const separator = () => screen.getByRole('separator', { name: 'Resize panels' });
const value = () => Number(separator().getAttribute('aria-valuenow'));

describe('PaneSeparator', () => {
  it('is a focusable window splitter that names what it sizes and its limits', () => {
    render(<Harness />);
    expect(separator().tabIndex).toBe(0);
    expect(separator().getAttribute('aria-controls')).toBe('list');
    expect(separator().getAttribute('aria-orientation')).toBe('vertical');
    expect([
      value(),
      separator().getAttribute('aria-valuemin'),
      separator().getAttribute('aria-valuemax'),
    ]).toEqual([60, '25', '75']);
    expect(separator().hasAttribute('aria-disabled')).toBe(false);
  });

  it('steps by 10 with the arrows, to the limit with Shift, and to either limit with Home and End', () => {
    render(<Harness />);
    fireEvent.keyDown(separator(), { key: 'ArrowLeft' });
    expect(value()).toBe(50);
    for (let press = 0; press < 4; press++) fireEvent.keyDown(separator(), { key: 'ArrowLeft' });
    expect(value()).toBe(25);
    fireEvent.keyDown(separator(), { key: 'ArrowRight', shiftKey: true });
    expect(value()).toBe(75);
    fireEvent.keyDown(separator(), { key: 'Home' });
    expect(value()).toBe(25);
    fireEvent.keyDown(separator(), { key: 'End' });
    expect(value()).toBe(75);
  });

  it('takes the arrow keys from the page but does not move while locked', () => {
    render(<Harness isDisabled />);
    expect(separator().getAttribute('aria-disabled')).toBe('true');
    const event = new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true });
    separator().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(value()).toBe(60);
    fireEvent.pointerDown(separator(), { pointerId: 1, button: 0, clientX: 600 });
    fireEvent.pointerMove(separator(), { pointerId: 1, clientX: 300 });
    expect(value()).toBe(60);
  });

  it('leaves other keys alone', () => {
    render(<Harness />);
    const event = new KeyboardEvent('keydown', { key: 'j', bubbles: true, cancelable: true });
    separator().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(value()).toBe(60);
  });

  it('follows a drag across the group, clamped to the limits, and stops at the release', () => {
    render(<Harness />);
    const group = screen.getByTestId('group');
    group.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 0, width: 1000, height: 800 });
    separator().getBoundingClientRect = () => DOMRect.fromRect({ x: 700, y: 0, width: 1, height: 800 });
    // Pressed 0.5 px right of the line's middle: the drag keeps that offset instead of jumping.
    fireEvent.pointerDown(separator(), { pointerId: 7, button: 0, clientX: 701 });
    expect(separator().getAttribute('data-separator')).toBe('active');
    fireEvent.pointerMove(separator(), { pointerId: 7, clientX: 500.5 });
    expect(value()).toBe(40);
    fireEvent.pointerMove(separator(), { pointerId: 7, clientX: 120 });
    expect(value()).toBe(25);
    fireEvent.pointerMove(separator(), { pointerId: 7, clientX: 1090 });
    expect(value()).toBe(75);
    fireEvent.pointerUp(separator(), { pointerId: 7, clientX: 1090 });
    expect(separator().getAttribute('data-separator')).toBe('inactive');
    fireEvent.pointerMove(separator(), { pointerId: 7, clientX: 500 });
    expect(value()).toBe(75);
  });

  it('ignores a secondary button', () => {
    render(<Harness />);
    fireEvent.pointerDown(separator(), { pointerId: 2, button: 2, clientX: 700 });
    expect(separator().getAttribute('data-separator')).toBe('inactive');
  });
});
