import { expect, test } from 'vitest';
import './zod-jitless';

test('zod, loaded after the app set jitless mode, parses without probing for eval', async () => {
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  expect(z.object({ id: z.string() }).parse({ id: 'a' })).toEqual({ id: 'a' });
});
