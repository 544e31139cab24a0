import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';

export type SignInLimits = {
  /** Attempts one client address may make, whatever the accounts (credential stuffing). */
  perIp: number;
  /** Attempts one client address may make on one account (brute force). */
  perAccountClient: number;
  /** Attempts all clients together may make on one account before unknown devices are refused. */
  accountBudget: number;
  windowSeconds: number;
};

export type SignInAttempt = { ip: string; email: string; isKnownDevice: boolean };

export type SignInVerdict = {
  isRefused: boolean;
  /** True once, on the attempt that used up the account's budget: the owner should hear of it. */
  hasAccountBudgetJustRunOut: boolean;
};

const normalize = (email: string) => email.trim().toLowerCase();

/**
 * Counts sign-in attempts in Postgres (so every server process shares them) per client address, per
 * (account, client address) and per account (OWASP ASVS V6.3 anti-automation). Attempts from many addresses on
 * one account use up its budget, after which only devices the owner has signed in on before get through:
 * an attacker can slow an account down but never lock its owner out.
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
    /** Records an attempt and says whether it must be refused. */
    async check(attempt: SignInAttempt): Promise<SignInVerdict> {
      const email = normalize(attempt.email);
      const [ipCount, pairCount, accountCount] = await Promise.all([
        hit(`ip:${attempt.ip}`),
        hit(`account-client:${email}|${attempt.ip}`),
        hit(`account:${email}`),
      ]);
      const isOverBudget = accountCount > limits.accountBudget;
      return {
        isRefused:
          ipCount > limits.perIp ||
          pairCount > limits.perAccountClient ||
          (isOverBudget && !attempt.isKnownDevice),
        hasAccountBudgetJustRunOut: accountCount === limits.accountBudget + 1,
      };
    },
    /** After a successful sign-in: this client starts afresh on this account. */
    async clearClient(email: string, ip: string): Promise<void> {
      await db.execute(
        sql`delete from sign_in_attempts where key = ${`account-client:${normalize(email)}|${ip}`}`,
      );
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
