import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@ledgerdesk/test-support/chromium';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import type { Session } from '../client/http-client';

/** Launches Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fresh context (empty cache) at 1440×900, signed in with the session's cookies. */
export async function signedInContext(browser: Browser, session: Session): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    session.cookie.split('; ').map((pair) => {
      const equals = pair.indexOf('=');
      return { name: pair.slice(0, equals), value: pair.slice(equals + 1), url: session.baseUrl };
    }),
  );
  return context;
}
