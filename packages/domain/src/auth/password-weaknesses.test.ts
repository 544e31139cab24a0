import { describe, expect, it } from 'vitest';
import { credentialsProblem } from './credentials';
import { passwordWeaknesses, weakPasswordMessage } from './password-weaknesses';

describe('passwordWeaknesses', () => {
  it('accepts a reasonable password', () => {
    expect(passwordWeaknesses('ledger-42-desk', 'amy@firm.com')).toEqual([]);
  });
  it('lists every reason a password is weak', () => {
    expect(passwordWeaknesses('aaaaa', 'amy@firm.com')).toEqual([
      'it must be at least 6 characters',
      'it repeats a single character',
    ]);
    expect(passwordWeaknesses('Password')).toEqual(['it is one of the most commonly used passwords']);
    expect(passwordWeaknesses('amy.jones', 'amy.jones@firm.com')).toEqual([
      'it must not be your email address',
    ]);
  });
  it('joins the reasons into one message', () => {
    expect(weakPasswordMessage(['a', 'b'])).toBe('Password is too weak: a; b.');
  });
});

describe('credentialsProblem', () => {
  it('requires an email and a valid one', () => {
    expect(credentialsProblem({ email: '', password: 'secret1' })).toBe('Email is required');
    expect(credentialsProblem({ email: 'not-an-email', password: 'secret1' })).toBe(
      'Please enter a valid email address',
    );
  });
  it('requires a password of at least 6 characters', () => {
    expect(credentialsProblem({ email: 'a@b.co', password: '' })).toBe('Password is required');
    expect(credentialsProblem({ email: 'a@b.co', password: '12345' })).toBe(
      'Password must be at least 6 characters',
    );
    expect(credentialsProblem({ email: 'a@b.co', password: '123456' })).toBeNull();
  });
});
