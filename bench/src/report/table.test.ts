import { describe, expect, it } from 'vitest';
import { ratio, verdict } from './format';
import { renderTable } from './table';

describe('renderTable', () => {
  it('renders a titled markdown table with its notes', () => {
    const text = renderTable({
      id: 'x',
      title: '9. Example',
      database: 'PGlite',
      columns: ['Case', 'p95'],
      rows: [['a | b', '1.0 ms']],
      notes: ['How it was measured.'],
      data: [],
    });
    expect(text).toBe(
      [
        '### 9. Example — PGlite',
        '',
        '| Case | p95 |',
        '| --- | ---: |',
        '| a \\| b | 1.0 ms |',
        '',
        '- How it was measured.',
      ].join('\n'),
    );
  });
});

describe('verdict', () => {
  it('says missed plainly', () => {
    expect(verdict(false)).toBe('**missed**');
    expect(verdict(true)).toBe('met');
    expect(verdict(null)).toBe('—');
  });
});

describe('ratio', () => {
  it('keeps two decimals under 10× and one above', () => {
    expect(ratio(3.456)).toBe('3.46×');
    expect(ratio(123.45)).toBe('123.5×');
  });
});
