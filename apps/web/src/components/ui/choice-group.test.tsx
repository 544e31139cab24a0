// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChoiceGroup } from './choice-group';

// One choice among a few, as Radix's single ToggleGroup offered it: radios in a group, one tab stop, arrows move
// focus, a click or Space/Enter (the button's own activation) chooses.

const CHOICES = [
  { value: 'all', content: 'All 6', data: { 'data-tab-id': 'all' } },
  { value: 'email', content: 'Email 3' },
  { value: 'mentions', content: 'Mentions 2' },
] as const;

function Harness() {
  const [value, setValue] = useState<(typeof CHOICES)[number]['value']>('email');
  return <ChoiceGroup label="Filter by type" value={value} choices={CHOICES} onChange={setValue} />;
}

afterEach(cleanup);

const radio = (name: string) => screen.getByRole('radio', { name });

describe('ChoiceGroup', () => {
  it('is a named group of radios, the chosen one checked, on and the only tab stop', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Filter by type' })).toBeTruthy();
    expect(radio('Email 3').getAttribute('aria-checked')).toBe('true');
    expect(radio('Email 3').getAttribute('data-state')).toBe('on');
    expect(radio('All 6').getAttribute('aria-checked')).toBe('false');
    expect(radio('All 6').getAttribute('data-state')).toBe('off');
    expect(radio('All 6').getAttribute('data-tab-id')).toBe('all');
    expect(['All 6', 'Email 3', 'Mentions 2'].map((name) => radio(name).tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves focus with the arrows (round), Home and End, without choosing; a click chooses', () => {
    render(<Harness />);
    radio('Email 3').focus();
    fireEvent.keyDown(radio('Email 3'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radio('Mentions 2'));
    fireEvent.keyDown(radio('Mentions 2'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radio('All 6'));
    fireEvent.keyDown(radio('All 6'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(radio('Mentions 2'));
    fireEvent.keyDown(radio('Mentions 2'), { key: 'Home' });
    expect(document.activeElement).toBe(radio('All 6'));
    fireEvent.keyDown(radio('All 6'), { key: 'End' });
    expect(document.activeElement).toBe(radio('Mentions 2'));
    expect(radio('Email 3').getAttribute('aria-checked')).toBe('true');
    // The tab stop follows focus, so Tab out and back returns to the item last focused.
    expect(radio('Mentions 2').tabIndex).toBe(0);
    fireEvent.click(radio('Mentions 2'));
    expect(radio('Mentions 2').getAttribute('aria-checked')).toBe('true');
    expect(radio('Email 3').getAttribute('aria-checked')).toBe('false');
  });

  it('keeps its choice when the chosen item is clicked again', () => {
    render(<Harness />);
    fireEvent.click(radio('Email 3'));
    expect(radio('Email 3').getAttribute('aria-checked')).toBe('true');
  });
});
