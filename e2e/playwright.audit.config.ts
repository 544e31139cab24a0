import { defineConfig } from '@playwright/test';
import journeys from './playwright.config';

// Lighthouse over every screen (npm run audit): the journeys' built server, its own test folder, no retries
// (a score is a measurement, not a flake), and time for two presets of about fifteen audits each.
export default defineConfig({
  ...journeys,
  testDir: './audits',
  timeout: 600_000,
  retries: 0,
});
