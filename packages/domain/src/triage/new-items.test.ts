import { describe, expect, it } from 'vitest';
import { newItemsButtonText, newItemsLabel } from './new-items';

describe('newItemsLabel', () => {
  it('shows the count up to 99 and "99+" above', () => {
    expect(newItemsLabel(1)).toBe('1');
    expect(newItemsLabel(99)).toBe('99');
    expect(newItemsLabel(100)).toBe('99+');
  });
});

describe('newItemsButtonText', () => {
  it('reads "View N new triage item(s)"', () => {
    expect(newItemsButtonText(1)).toBe('View 1 new triage item(s)');
    expect(newItemsButtonText(5)).toBe('View 5 new triage item(s)');
    expect(newItemsButtonText(250)).toBe('View 99+ new triage item(s)');
  });
});
