import { lazy, Suspense, useEffect } from 'react';
import { useIntegrationCommands } from '../../features/integrations/hooks/use-integration-commands';
import { useCommandPalette, usePaletteShortcut } from '../../lib/commands';
import { warmWhenIdle } from '../../lib/warm-when-idle';
import { useAppCommands } from './use-app-commands';

const loadPalette = () =>
  import('../../components/command-palette').then((m) => ({ default: m.CommandPalette }));
const CommandPalette = lazy(loadPalette);
const PALETTE_WARM_DELAY_MS = 3000;

/**
 * The shell's and the integrations feature's palette commands, and the palette itself: loaded when the
 * browser is idle a while after the page has shown (not while a screen waits for its first data, when the
 * browser is idle too but the screen's own code and data should have the network), mounted on the first Ctrl+K.
 */
export function AppCommands({ onToggleSidebar }: { onToggleSidebar: () => void }) {
  useAppCommands(onToggleSidebar);
  useIntegrationCommands();
  usePaletteShortcut();
  const { hasOpened, setIsOpen } = useCommandPalette();
  // Signing out (or any way out of the signed-in frame) leaves the palette closed.
  useEffect(() => () => setIsOpen(false), [setIsOpen]);
  useEffect(() => warmWhenIdle(loadPalette, { afterMs: PALETTE_WARM_DELAY_MS }), []);
  return hasOpened ? (
    <Suspense fallback={null}>
      <CommandPalette />
    </Suspense>
  ) : null;
}
