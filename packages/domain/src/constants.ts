// Business constants and limits of spec §9. Durations are in milliseconds unless the name says otherwise.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

// Sign-in and profile
export const PASSWORD_MIN_LENGTH = 6;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const CAPACITY_HOURS_MIN = 1;
export const CAPACITY_HOURS_MAX = 80;
export const CAPACITY_HOURS_DEFAULT = 40;
export const NOTIFICATION_SETTINGS_DEFAULT = { email: true, push: true, mentions: true } as const;

// Sync set-up
export const INITIAL_SYNC_DAYS_BACK = 30;
export const AUTO_SYNC_INIT_DELAY_MS = SECOND_MS;
export const RECONNECT_DELAY_MS = SECOND_MS;
export const MIGRATION_WAIT_MS = SECOND_MS;
export const RESET_DIALOG_AUTO_CLOSE_MS = SECOND_MS;
export const SYNC_INTERVAL_HELP_MINUTES = 1;

// Triage auto-refresh, saved in local storage
export const AUTO_REFRESH_SETTINGS_DEFAULT = {
  enabled: true,
  interval: 30_000,
  showNotifications: true,
  autoRefresh: false,
} as const;

// Tokens
export const TOKEN_AUTO_REFRESH_CHECK_INTERVAL_MS = 2 * MINUTE_MS;
export const TOKEN_EXPIRING_WINDOW_MINUTES = 15;
export const TOKEN_MIN_MINUTES_BETWEEN_REFRESH_ATTEMPTS = 5;
export const TOKEN_ON_MOUNT_WINDOW_MINUTES = 5;
export const TOKEN_BEFORE_FETCH_WINDOW_MINUTES = 5;
export const TOKEN_BADGE_WINDOW_MINUTES = 30;
export const TOKEN_MANUAL_UPDATE_WINDOW_MINUTES = 60;

// OAuth popup
export const OAUTH_POPUP_WIDTH = 600;
export const OAUTH_POPUP_HEIGHT = 700;
export const OAUTH_POPUP_CLOSED_CHECK_MS = SECOND_MS;
export const OAUTH_POPUP_TIMEOUT_MS = 5 * MINUTE_MS;

// Email content and threads
export const FETCH_CONTENT_TIMEOUT_MS = 30 * SECOND_MS;
export const FETCH_CONTENT_MAX_RETRIES = 3;
export const FETCH_CONTENT_RETRY_DELAY_CAP_MS = 10 * SECOND_MS;
export const THREAD_ITEM_FETCH_TIMEOUT_MS = 8000;
export const THREAD_LOADING_TIMEOUT_MS = 15 * SECOND_MS;
export const THREAD_LOAD_MAX_RETRIES = 2;

/** Delay before content-fetch retry `attempt` (0-based): min(1000 * 2^attempt, 10000) ms. */
export function fetchContentRetryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt), FETCH_CONTENT_RETRY_DELAY_CAP_MS);
}

// Manual sync
export const MANUAL_SYNC_TIMEOUT_MS = 90 * SECOND_MS;
export const MANUAL_SYNC_DAYS_BACK = 7;
export const OFFICE365_SYNC_BATCH_SIZE = 100;
export const OFFICE365_SYNC_MAX_EMAILS = 260;
export const OTHER_SYNC_BATCH_SIZE = 50;
export const OTHER_SYNC_MAX_EMAILS = 100;
export const OTHER_SYNC_INCLUDE_READ = false;
export const OTHER_SYNC_INCLUDE_SENT = false;

// Enhanced reset
export const RESET_DAYS_BACK = 30;
export const RESET_MAX_EMAILS = 1000;
export const RESET_DEFAULT_FOLDERS = { inbox: true, sent: true, archive: true } as const;

// Panels (percent of the width)
export const PANEL_DEFAULT_SIZES = { left: 60, right: 40 } as const;
export const PANEL_LEFT_MIN = 25;
export const PANEL_LEFT_MAX = 75;
export const PANEL_RIGHT_MIN = 25;
export const PANEL_LAYOUT_SAVE_DEBOUNCE_MS = 100;
export const PANEL_KEYBOARD_STEP = 10;
export const PANEL_KEYBOARD_SHIFT_STEP = 100;
export const PANEL_HANDLE_MARGIN_COARSE = 15;
export const PANEL_HANDLE_MARGIN_FINE = 5;
export const RESIZE_UNLOCK_DELAY_MS = 300;

// Triage list and thread detail
export const COMPOSE_RESET_DELAY_MS = 300;
export const PREVIEW_LENGTH = 100;
export const RECIPIENTS_COLLAPSE_ABOVE = 2;
export const NEW_ITEMS_BADGE_CAP = 99;
export const MAX_AVATARS_SHOWN = 3;
export const MAX_INITIALS = 2;

// Notification sources and triage items
export const NOTIFICATION_SOURCE_SYNC_INTERVAL_MINUTES = 1;
export const NOTIFICATION_SOURCE_PEAK_INTERVAL_MINUTES = 1;
export const NOTIFICATION_SOURCE_OFF_PEAK_INTERVAL_MINUTES = 3;
export const NOTIFICATION_SOURCE_PRIORITY = { office365: 8, gmail: 7, imap: 7 } as const;
export const SYNC_PRIORITY_DEFAULT = 5;

// Shell
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const QUERY_RETRY_COUNT = 1;
export const TOAST_DURATION_MS = 4500;
export const PROGRESS_BAR_MAX = 100;
