// @vitest-environment happy-dom
import { SNOOZE_PRESETS, SNOOZE_TOO_FAR, SNOOZE_TOO_SOON } from '@ledgerdesk/domain/triage/snooze';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnoozeDialog } from './snooze-dialog';

// "Snooze until…" (the `h` key): the three presets with the times they give on a fixed clock in the user's
// zone, and a picked day and time that must be at least a minute ahead and within a year.

// Friday 27 November 2026, 10:10 in New York (15:10 UTC, the zone 5 hours behind).
const NOW = new Date('2026-11-27T15:10:00.000Z');
const ZONE = 'America/New_York';

afterEach(cleanup);

function open() {
  const onSnooze = vi.fn<(until: Date) => void>();
  const onClose = vi.fn();
  render(<SnoozeDialog isOpen timeZone={ZONE} now={() => NOW} onSnooze={onSnooze} onClose={onClose} />);
  const chosen = () => onSnooze.mock.calls.map(([until]) => until.toISOString());
  return { onSnooze, onClose, chosen };
}

const preset = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });
const picker = () => screen.getByLabelText('Pick a date and time') as HTMLInputElement;

describe('SnoozeDialog', () => {
  it('offers the three presets with their return times in the user zone', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Snooze until…' })).toBeTruthy();
    expect(screen.getByText(`Times are in ${ZONE}.`)).toBeTruthy();
    expect(SNOOZE_PRESETS.map((entry) => entry.label)).toEqual([
      'Later today',
      'Tomorrow morning',
      'Next week',
    ]);
    // Three hours on, rounded up to the quarter; 08:00 tomorrow; 08:00 on the coming Monday — New York time.
    expect(preset('Later today').textContent).toMatch(/Fri 27 Nov,? 13:15$/);
    expect(preset('Tomorrow morning').textContent).toMatch(/Sat 28 Nov,? 08:00$/);
    expect(preset('Next week').textContent).toMatch(/Mon 30 Nov,? 08:00$/);
  });

  it('snoozes until the preset clicked', () => {
    const { chosen } = open();
    fireEvent.click(preset('Later today'));
    fireEvent.click(preset('Tomorrow morning'));
    fireEvent.click(preset('Next week'));
    expect(chosen()).toEqual([
      '2026-11-27T18:15:00.000Z',
      '2026-11-28T13:00:00.000Z',
      '2026-11-30T13:00:00.000Z',
    ]);
  });

  it('puts the focus on the first preset, so h then Enter snoozes until later today', () => {
    open();
    expect(document.activeElement).toBe(preset('Later today'));
  });

  it('snoozes until a picked day and time, read in the user zone, and offers nothing earlier than a minute on', () => {
    const { chosen } = open();
    expect(picker().min).toBe('2026-11-27T10:11');
    fireEvent.change(picker(), { target: { value: '2026-12-01T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(chosen()).toEqual(['2026-12-01T14:30:00.000Z']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a time already past, or too far ahead, or none, and says why beside the picker', () => {
    const { onSnooze } = open();
    const snooze = () => fireEvent.click(screen.getByRole('button', { name: 'Snooze' }));

    snooze();
    expect(screen.getByRole('alert').textContent).toBe('Pick a day and a time.');

    fireEvent.change(picker(), { target: { value: '2026-11-27T09:00' } });
    expect(screen.queryByRole('alert')).toBeNull();
    snooze();
    expect(screen.getByRole('alert').textContent).toBe(SNOOZE_TOO_SOON);
    expect(picker().getAttribute('aria-invalid')).toBe('true');
    expect(picker().getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);

    // Now itself is less than a minute ahead.
    fireEvent.change(picker(), { target: { value: '2026-11-27T10:10' } });
    snooze();
    expect(screen.getByRole('alert').textContent).toBe(SNOOZE_TOO_SOON);

    fireEvent.change(picker(), { target: { value: '2027-12-31T09:00' } });
    snooze();
    expect(screen.getByRole('alert').textContent).toBe(SNOOZE_TOO_FAR);
    expect(onSnooze).not.toHaveBeenCalled();
  });

  it('closes on Escape and forgets the problem shown', () => {
    const { onClose } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
