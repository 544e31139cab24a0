import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/migrate';

export type SignInLimits = { perIp: number; perAccount: number; windowSeconds: number };

/**
 * Counts sign-in attempts per IP and per account in Postgres (so every server process shares them) and
 * says whether this attempt is over either limit. A successful sign-in clears the account's counter.
 */
export function createSignInLimiter(db: Db, limits: SignInLimits) {
  async function hit(key: string): Promise<number> {
    const result = await db.execute(sql`
      insert into sign_in_attempts (key, count, window_started_at) values (${key}, 1, now())
      on conflict (key) do update set
        count = case when sign_in_attempts.window_started_at < now() - make_interval(secs => ${limits.windowSeconds})
                     then 1 else sign_in_attempts.count + 1 end,
        window_started_at = case when sign_in_attempts.window_started_at < now() - make_interval(secs => ${limits.windowSeconds})
                     then now() else sign_in_attempts.window_started_at end
      returning count`);
    return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
  }
  return {
    /** Records an attempt; true when it must be refused. */
    async isOverLimit(ip: string, email: string): Promise<boolean> {
      const [ipCount, accountCount] = await Promise.all([
        hit(`ip:${ip}`),
        hit(`account:${email.trim().toLowerCase()}`),
      ]);
      return ipCount > limits.perIp || accountCount > limits.perAccount;
    },
    async clearAccount(email: string): Promise<void> {
      await db.execute(
        sql`delete from sign_in_attempts where key = ${`account:${email.trim().toLowerCase()}`}`,
      );
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
