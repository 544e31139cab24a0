import { AUTO_REFRESH_SETTINGS_DEFAULT } from '@ledgerdesk/domain/constants';
import type { AutoRefreshSettings } from '@ledgerdesk/domain/entities';
import { useEffect, useState } from 'react';
import { AUTO_REFRESH_KEY, readLocalJson, writeLocalJson } from '../utils/local-settings';

function parseSettings(value: unknown): AutoRefreshSettings {
  const stored = typeof value === 'object' && value !== null ? (value as Partial<AutoRefreshSettings>) : {};
  const interval = Number(stored.interval);
  return {
    enabled: typeof stored.enabled === 'boolean' ? stored.enabled : AUTO_REFRESH_SETTINGS_DEFAULT.enabled,
    interval:
      Number.isFinite(interval) && interval >= 5000 ? interval : AUTO_REFRESH_SETTINGS_DEFAULT.interval,
    showNotifications:
      typeof stored.showNotifications === 'boolean'
        ? stored.showNotifications
        : AUTO_REFRESH_SETTINGS_DEFAULT.showNotifications,
    autoRefresh:
      typeof stored.autoRefresh === 'boolean'
        ? stored.autoRefresh
        : AUTO_REFRESH_SETTINGS_DEFAULT.autoRefresh,
  };
}

/**
 * The triage auto-refresh settings of spec §9, kept in local storage (written once with the defaults so the
 * stored shape is always complete).
 */
export function useAutoRefreshSettings(): AutoRefreshSettings {
  const [settings] = useState(() => parseSettings(readLocalJson(AUTO_REFRESH_KEY)));
  useEffect(() => writeLocalJson(AUTO_REFRESH_KEY, settings), [settings]);
  return settings;
}
