import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@ledgerdesk/test-support/chromium';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import {
  type Config,
  defaultConfig,
  desktopConfig,
  type Flags,
  navigation,
  type Result,
  snapshot,
  startTimespan,
} from 'lighthouse';
import puppeteer, { type Browser, type Page as PuppeteerPage } from 'puppeteer-core';

export type Preset = 'desktop' | 'mobile';

/** The viewport each preset audits: Lighthouse's desktop preset, and its mobile preset at 375 px. */
export const PRESET_SCREENS = {
  desktop: { width: 1350, height: 940, deviceScaleFactor: 1, mobile: false },
  mobile: { width: 375, height: 812, deviceScaleFactor: 2, mobile: true },
} as const;

const CATEGORIES = ['accessibility', 'best-practices'];

/** One audited state of a screen: its category scores and the audits that did not pass. */
export type AuditOutcome = {
  screen: string;
  preset: Preset;
  mode: 'navigation' | 'timespan' | 'snapshot';
  scores: Record<string, number | null>;
  /** The audits that did not pass, by category id. */
  failures: Record<string, string[]>;
};

function configFor(preset: Preset): Config {
  const screen = PRESET_SCREENS[preset];
  const base = preset === 'desktop' ? desktopConfig : defaultConfig;
  return {
    ...base,
    settings: {
      ...base.settings,
      ...(preset === 'mobile' ? { formFactor: 'mobile' } : {}),
      onlyCategories: CATEGORIES,
      screenEmulation: { ...screen, disabled: false },
      // The session cookie from sign-up must survive each audit's navigation.
      disableStorageReset: true,
    },
  };
}

const FLAGS: Flags = { logLevel: 'error' };

/**
 * Debian's Chromium driven by Playwright (to set a screen up) and by Lighthouse through Puppeteer (to audit
 * it) over one DevTools port, in one persistent profile so both see the same page and session.
 */
export class LighthouseSession {
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly browser: Browser,
    private readonly target: PuppeteerPage,
    readonly preset: Preset,
  ) {}

  static async open(options: {
    preset: Preset;
    baseURL: string;
    userDataDir: string;
    debuggingPort: number;
  }): Promise<LighthouseSession> {
    const screen = PRESET_SCREENS[options.preset];
    const context = await chromium.launchPersistentContext(options.userDataDir, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${options.debuggingPort}`],
      baseURL: options.baseURL,
      viewport: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: screen.mobile,
      hasTouch: screen.mobile,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/auth');
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${options.debuggingPort}`,
      defaultViewport: null,
    });
    const pages = await browser.pages();
    const target = pages.find((candidate) => candidate.url() === page.url());
    if (!target) throw new Error(`Puppeteer cannot see the page at ${page.url()}`);
    return new LighthouseSession(context, page, browser, target, options.preset);
  }

  /** A cold load of `path`, audited as Lighthouse's navigation mode does. */
  async navigate(screen: string, path: string): Promise<AuditOutcome> {
    const url = new URL(path, this.page.url()).href;
    const result = await navigation(this.target, url, { config: configFor(this.preset), flags: FLAGS });
    return this.outcome(screen, 'navigation', result?.lhr);
  }

  /** What `act` does on the page (console errors, browser issues), audited as a timespan. */
  async timespan(screen: string, act: () => Promise<void>): Promise<AuditOutcome> {
    const span = await startTimespan(this.target, { config: configFor(this.preset), flags: FLAGS });
    await act();
    const result = await span.endTimespan();
    return this.outcome(screen, 'timespan', result?.lhr);
  }

  /** The page as it is now (an open dialog, a thread), audited as a snapshot. */
  async snapshot(screen: string): Promise<AuditOutcome> {
    const result = await snapshot(this.target, { config: configFor(this.preset), flags: FLAGS });
    return this.outcome(screen, 'snapshot', result?.lhr);
  }

  async close(): Promise<void> {
    await this.browser.disconnect();
    await this.context.close();
  }

  private outcome(screen: string, mode: AuditOutcome['mode'], lhr: Result | undefined): AuditOutcome {
    if (!lhr) throw new Error(`Lighthouse returned no result for ${screen}`);
    const scores: Record<string, number | null> = {};
    const failures: Record<string, string[]> = {};
    for (const category of Object.values(lhr.categories)) {
      scores[category.id] = category.score;
      failures[category.id] = category.auditRefs
        .flatMap((ref) => lhr.audits[ref.id] ?? [])
        .filter((audit) => audit.score !== null && audit.score < 1 && isScored(audit.scoreDisplayMode))
        .map((audit) => `${audit.id}: ${audit.title}${describeItems(audit.details)}`);
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${screen}: ${lhr.runtimeError.message}`);
    return { screen, preset: this.preset, mode, scores, failures };
  }
}

function isScored(mode: string): boolean {
  return mode === 'binary' || mode === 'numeric';
}

// The first few offending elements or messages, so a failure says where to look.
function describeItems(details: Result['audits'][string]['details']): string {
  if (!details || !('items' in details)) return '';
  const items = (details.items as Array<Record<string, unknown>>).slice(0, 3).map((record) => {
    const node = record.node as { selector?: string; snippet?: string } | undefined;
    return String(node?.selector ?? record.description ?? record.issueType ?? record.source ?? '?');
  });
  return items.length > 0 ? ` [${items.join(' | ')}]` : '';
}
