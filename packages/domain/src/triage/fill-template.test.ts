import { describe, expect, it } from 'vitest';
import { displayNameOf, fillTemplate, firstNameOf, templateKey, templateTrigger } from './fill-template';

describe('fillTemplate', () => {
  it('fills every placeholder from the recipient and the user', () => {
    expect(
      fillTemplate('Hi {{first_name}}, ({{sender_name}}) — {{my_name}}', {
        recipient: 'Priya Natarajan <priya@northgate.test>',
        myName: 'Sam Lee',
      }),
    ).toBe('Hi Priya, (Priya Natarajan) — Sam Lee');
  });

  it('accepts spaces and any case inside the braces and leaves unknown placeholders alone', () => {
    expect(
      fillTemplate('{{ First_Name }} {{due_date}}', { recipient: 'dana.client@x.test', myName: null }),
    ).toBe('Dana {{due_date}}');
  });

  it('leaves empty text, never "undefined", when a value is unknown', () => {
    expect(fillTemplate('Hi {{first_name}}. {{my_name}}', { recipient: null, myName: null })).toBe('Hi . ');
    expect(fillTemplate('{{first_name}}|{{sender_name}}', { recipient: 'ops123@x.test', myName: null })).toBe(
      '|ops123@x.test',
    );
  });
});

describe('names', () => {
  it('reads display names and makes one from an address', () => {
    expect(displayNameOf('"Natarajan, Priya" <p@x.test>')).toBe('Natarajan, Priya');
    expect(displayNameOf('dana.client+tax@x.test')).toBe('Dana Client');
    expect(displayNameOf('<omar@x.test>')).toBe('Omar');
    expect(firstNameOf('Dr. Priya Natarajan')).toBe('Priya');
    expect(firstNameOf('Natarajan, Priya')).toBe('Priya');
  });
});

describe('templateTrigger', () => {
  it('finds a ;name typed at a word start before the caret', () => {
    expect(templateTrigger('Hello ;engage')).toBe('engage');
    expect(templateTrigger(';thanks')).toBe('thanks');
    expect(templateTrigger('line\n;doc-request')).toBe('doc-request');
    expect(templateTrigger('a;b')).toBeNull();
    expect(templateTrigger('; ')).toBeNull();
    expect(templateKey('  Doc  request ')).toBe('doc-request');
  });
});
