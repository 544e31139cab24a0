// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssignDialog } from './assign-dialog';
import type { AssignChoice } from './collaboration-types';

// "Assign thread" (decision 012): a member (the user first, marked "(you)"), an optional to-do date and comment;
// Assign keeps the thread in the shared view, "Assign & Clear" also clears it.

const MEMBERS = [
  { userId: 'user-me', name: 'Alex Owner', email: 'alex@firm.test', isYou: true },
  { userId: 'user-dana', name: 'Dana Staff', email: 'dana@firm.test', isYou: false },
  { userId: 'user-lee', name: 'Lee Partner', email: 'lee@firm.test', isYou: false },
];

afterEach(cleanup);

function open(props: Partial<Parameters<typeof AssignDialog>[0]> = {}) {
  const onAssign = vi.fn<(choice: AssignChoice) => void>();
  const onClose = vi.fn();
  render(
    <AssignDialog
      isOpen
      members={MEMBERS}
      isShared
      isPending={false}
      onAssign={onAssign}
      onClose={onClose}
      {...props}
    />,
  );
  return { onAssign, onClose };
}

const assignee = () => screen.getByLabelText('Assign to') as HTMLSelectElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('AssignDialog', () => {
  it('lists the members, the user first and marked, and chooses the user by default', () => {
    const { onAssign } = open();
    expect(screen.getByRole('dialog', { name: 'Assign thread' })).toBeTruthy();
    expect([...assignee().options].map((option) => option.textContent)).toEqual([
      'Alex Owner (you)',
      'Dana Staff',
      'Lee Partner',
    ]);
    expect(assignee().value).toBe('user-me');
    fireEvent.click(button('Assign'));
    expect(onAssign).toHaveBeenCalledWith({
      assigneeUserId: 'user-me',
      todoDate: null,
      comment: null,
      clear: false,
    });
  });

  it('assigns to the member chosen, with the to-do date and the comment trimmed', () => {
    const { onAssign } = open();
    fireEvent.change(assignee(), { target: { value: 'user-dana' } });
    fireEvent.change(screen.getByLabelText('To-do date (optional)'), { target: { value: '2026-12-04' } });
    fireEvent.change(screen.getByLabelText('Comment (optional)'), {
      target: { value: '  Can you chase the VAT figures?  ' },
    });
    fireEvent.click(button('Assign'));
    expect(onAssign).toHaveBeenLastCalledWith({
      assigneeUserId: 'user-dana',
      todoDate: '2026-12-04',
      comment: 'Can you chase the VAT figures?',
      clear: false,
    });
  });

  it('Assign & Clear assigns the same way and asks to clear the thread too', () => {
    const { onAssign } = open();
    fireEvent.change(assignee(), { target: { value: 'user-lee' } });
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: '   ' } });
    fireEvent.click(button('Assign & Clear'));
    expect(onAssign).toHaveBeenCalledTimes(1);
    expect(onAssign).toHaveBeenLastCalledWith({
      assigneeUserId: 'user-lee',
      todoDate: null,
      comment: null,
      clear: true,
    });
  });

  it('cannot assign twice while an assignment is on its way, nor with nobody to assign', () => {
    open({ isPending: true });
    expect(button('Assign').disabled).toBe(true);
    expect(button('Assign & Clear').disabled).toBe(true);
    cleanup();
    open({ members: [] });
    expect(button('Assign').disabled).toBe(true);
    expect(button('Assign & Clear').disabled).toBe(true);
  });

  it('says a personal mailbox must be shared before its mail goes to a colleague', () => {
    open({ isShared: false, members: MEMBERS.slice(0, 1) });
    expect(
      screen.getByText('Share this mailbox with your firm to assign its mail to a colleague.'),
    ).toBeTruthy();
    expect([...assignee().options].map((option) => option.textContent)).toEqual(['Alex Owner (you)']);
  });

  it('closes with Cancel without assigning', () => {
    const { onAssign, onClose } = open();
    fireEvent.click(button('Cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onAssign).not.toHaveBeenCalled();
  });
});
