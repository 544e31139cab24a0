import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../support/test-app';

describe('smoke', () => {
  it('signs up', async () => {
    const t = await createTestApp('pglite');
    const { cookie } = await signUp(t.app, 'amy@firm.com');
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    console.log(cookie, profile.statusCode, profile.body);
    const counts = await t.app.inject({ method: 'GET', url: '/api/triage/counts', headers: { cookie } });
    console.log(counts.body);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'b@firm.com', password: 'password', name: '' },
    });
    console.log(weak.statusCode, weak.body);
    await t.close();
    expect(1).toBe(1);
  });
});
