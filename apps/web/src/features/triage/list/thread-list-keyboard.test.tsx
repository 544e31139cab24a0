// @vitest-environment happy-dom
import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { testGroup, testItem } from '@ledgerdesk/domain/triage/test-item';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useCallback, useMemo, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { CommandsProvider } from '../../../lib/commands';
import type { useTriageCommands } from '../use-triage-commands';
import { ThreadRow } from './thread-row';
import { useCheckedThreads } from './use-checked-threads';
import type { ListRows } from './use-list-window';
import { usePageShortcuts } from './use-page-shortcuts';
import { useThreadNavigation } from './use-thread-navigation';

// The thread list's keyboard and selection (spec shortcuts: j/k or the arrows move the cursor, x ticks the
// cursor's thread, Enter opens it, Escape closes the open thread, else drops the ticks; an action key acts on
// the ticked threads, else on the cursor's). The screen's own hooks drive real ThreadRows; the virtualized
// scroller of ThreadList is left out (happy-dom lays nothing out), and opening does what the screen's openAt
// does minus marking read.

const group = (id: string, subject: string) =>
  testGroup(id, [testItem({ id: `item-${id}`, subject })]) as ThreadGroupDto;
const ALL = [
  group('g1', 'VAT return'),
  group('g2', 'Payroll'),
  group('g3', 'Year end'),
  group('g4', 'Invoice'),
];

function listRows(groups: ThreadGroupDto[]): ListRows {
  return {
    groups,
    offset: 0,
    loadedEnd: groups.length,
    count: groups.length,
    at: (index) => groups[index],
    indexOf: (id) => groups.findIndex((entry) => entry.id === id),
    holdsPlace: (index) => index >= 0 && index < groups.length,
    jumpTo: () => undefined,
  };
}

type Commands = ReturnType<typeof useTriageCommands>;

function Screen({
  groups,
  commands,
  onSnooze,
}: {
  groups: ThreadGroupDto[];
  commands: Commands;
  onSnooze: (groups: ThreadGroupDto[]) => void;
}) {
  const rows = useMemo(() => listRows(groups), [groups]);
  const nav = useThreadNavigation(rows, true);
  const checked = useCheckedThreads(rows);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const { setOpenGroupId, setActiveIndex } = nav;
  const openAt = useCallback(
    (index: number) => {
      const target = rows.at(index);
      if (!target) return;
      setOpenGroupId(target.id);
      setActiveIndex(index);
    },
    [rows, setOpenGroupId, setActiveIndex],
  );
  usePageShortcuts({
    nav,
    checked,
    commands,
    openAt,
    checkedGroups: checked.checkedGroups,
    searchRef,
    onCompose: () => undefined,
    onHelp: () => undefined,
    onSnooze,
  });
  return (
    <>
      <input ref={searchRef} aria-label="Search items" />
      <ul aria-label="Threads">
        {groups.map((entry, index) => (
          <ThreadRow
            key={entry.id}
            group={entry}
            index={index}
            density="standard"
            isActive={index === nav.activeIndex}
            isOpen={entry.id === nav.openGroupId}
            isChecked={checked.checked.has(entry.id)}
            now={new Date('2026-11-27T12:00:00.000Z')}
            start={index * 40}
            height={40}
            onOpen={openAt}
            onFocusRow={setActiveIndex}
            onToggleCheck={checked.toggle}
            onAction={commands.runOnGroup}
          />
        ))}
      </ul>
    </>
  );
}

function renderList(groups = ALL) {
  const commands = {
    runOnGroup: vi.fn(),
    runOnGroups: vi.fn(),
    replyToGroup: vi.fn(),
  } as unknown as Commands & Record<'runOnGroup' | 'runOnGroups' | 'replyToGroup', ReturnType<typeof vi.fn>>;
  const onSnooze = vi.fn<(groups: ThreadGroupDto[]) => void>();
  const view = render(
    <CommandsProvider>
      <TooltipProvider>
        <Screen groups={groups} commands={commands} onSnooze={onSnooze} />
      </TooltipProvider>
    </CommandsProvider>,
  );
  const rerender = (next: ThreadGroupDto[]) =>
    view.rerender(
      <CommandsProvider>
        <TooltipProvider>
          <Screen groups={next} commands={commands} onSnooze={onSnooze} />
        </TooltipProvider>
      </CommandsProvider>,
    );
  return { commands, onSnooze, rerender };
}

afterEach(cleanup);

const press = (key: string, init: KeyboardEventInit = {}) => {
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });
};
const rowsShown = () => screen.getAllByTestId('thread-row');
/** Subjects of the rows marked as the cursor's. */
const cursorRows = () =>
  rowsShown()
    .filter((row) => row.hasAttribute('data-active'))
    .map((row) => subjectOf(row));
const tickedRows = () =>
  rowsShown()
    .filter((row) => (row.querySelector('input[type="checkbox"]') as HTMLInputElement).checked)
    .map((row) => subjectOf(row));
const openRows = () =>
  rowsShown()
    .filter((row) => row.querySelector('[aria-current="true"]'))
    .map((row) => subjectOf(row));
const subjectOf = (row: HTMLElement) =>
  (row.querySelector('input[type="checkbox"]') as HTMLInputElement).getAttribute('aria-label')?.slice(7);
const idsOf = (groups: readonly ThreadGroupDto[]) => groups.map((entry) => entry.id);

describe('the thread list keyboard', () => {
  it('moves the cursor down with j and up with k, marking only its row, and stops at either end', () => {
    renderList();
    expect(cursorRows()).toEqual([]);
    press('j');
    expect(cursorRows()).toEqual(['VAT return']);
    press('j');
    press('j');
    expect(cursorRows()).toEqual(['Year end']);
    press('k');
    expect(cursorRows()).toEqual(['Payroll']);
    press('k');
    press('k');
    expect(cursorRows()).toEqual(['VAT return']);
    for (let step = 0; step < 6; step++) press('j');
    expect(cursorRows()).toEqual(['Invoice']);
  });

  it('moves with the arrows too, and k with no cursor starts from the bottom', () => {
    renderList();
    press('k');
    expect(cursorRows()).toEqual(['Invoice']);
    press('ArrowUp');
    expect(cursorRows()).toEqual(['Year end']);
    press('ArrowDown');
    expect(cursorRows()).toEqual(['Invoice']);
  });

  it('opens the cursor thread with Enter and closes it with Escape, the cursor staying', () => {
    renderList();
    press('j');
    press('j');
    press('Enter');
    expect(openRows()).toEqual(['Payroll']);
    press('j');
    expect(openRows()).toEqual(['Payroll']);
    expect(cursorRows()).toEqual(['Year end']);
    press('Escape');
    expect(openRows()).toEqual([]);
    expect(cursorRows()).toEqual(['Year end']);
  });

  it('ticks and unticks the cursor thread with x', () => {
    renderList();
    press('j');
    press('x');
    press('j');
    press('j');
    press('x');
    expect(tickedRows()).toEqual(['VAT return', 'Year end']);
    press('x');
    expect(tickedRows()).toEqual(['VAT return']);
  });

  it('Escape closes the open thread first, then drops the ticks', () => {
    renderList();
    press('j');
    press('x');
    press('j');
    press('Enter');
    press('Escape');
    expect(openRows()).toEqual([]);
    expect(tickedRows()).toEqual(['VAT return']);
    press('Escape');
    expect(tickedRows()).toEqual([]);
  });

  it('acts on the ticked threads in list order and drops the ticks, else on the cursor thread', () => {
    const { commands } = renderList();
    press('k');
    press('x');
    press('k');
    press('k');
    press('x');
    press('e');
    expect(commands.runOnGroups).toHaveBeenCalledTimes(1);
    const [groups, command, kind] = commands.runOnGroups.mock.calls[0] as [ThreadGroupDto[], string, string];
    expect([idsOf(groups), command, kind]).toEqual([['g2', 'g4'], 'clear', 'bulk']);
    expect(tickedRows()).toEqual([]);

    press('l');
    expect(commands.runOnGroup).toHaveBeenCalledTimes(1);
    const [target, single] = commands.runOnGroup.mock.calls[0] as [ThreadGroupDto, string];
    expect([target.id, single]).toEqual(['g2', 'later']);
  });

  it('snoozes (h) the ticked threads, else the cursor thread', () => {
    const { onSnooze } = renderList();
    press('j');
    press('h');
    press('j');
    press('x');
    press('j');
    press('x');
    press('h');
    expect(onSnooze.mock.calls.map(([groups]) => idsOf(groups))).toEqual([['g1'], ['g2', 'g3']]);
  });

  it("ticks with a row's checkbox and then takes the keys from it", () => {
    const { commands } = renderList();
    const box = screen.getByRole('checkbox', { name: 'Select Year end' });
    box.focus();
    fireEvent.click(box);
    expect(tickedRows()).toEqual(['Year end']);
    press('e');
    const [groups] = commands.runOnGroups.mock.calls[0] as [ThreadGroupDto[]];
    expect(idsOf(groups)).toEqual(['g3']);
  });

  it('opens a row clicked, which then has the cursor', () => {
    renderList();
    fireEvent.click(screen.getByRole('button', { name: /Invoice/ }));
    expect(openRows()).toEqual(['Invoice']);
    expect(cursorRows()).toEqual(['Invoice']);
  });

  it('leaves the keys alone while typing in a field or with Ctrl held', () => {
    const { commands } = renderList();
    const search = screen.getByRole('textbox', { name: 'Search items' });
    search.focus();
    press('j');
    press('x');
    press('e');
    search.blur();
    press('j', { ctrlKey: true });
    expect(cursorRows()).toEqual([]);
    expect(tickedRows()).toEqual([]);
    expect(commands.runOnGroup).not.toHaveBeenCalled();
    expect(commands.runOnGroups).not.toHaveBeenCalled();
  });

  it('when threads leave the list, drops their ticks, closes the one open and keeps the cursor in range', () => {
    const { rerender } = renderList();
    press('k');
    press('x');
    press('Enter');
    press('k');
    press('x');
    expect(tickedRows()).toEqual(['Year end', 'Invoice']);
    expect(openRows()).toEqual(['Invoice']);
    expect(cursorRows()).toEqual(['Year end']);

    act(() => rerender(ALL.slice(0, 2)));
    expect(tickedRows()).toEqual([]);
    expect(openRows()).toEqual([]);
    expect(cursorRows()).toEqual(['Payroll']);
    press('x');
    expect(tickedRows()).toEqual(['Payroll']);
  });
});
