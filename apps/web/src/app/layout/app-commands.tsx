import { lazy, Suspense, useEffect } from 'react';
import { useIntegrationCommands } from '../../features/integrations/hooks/use-integration-commands';
import { useCommandPalette, usePaletteShortcut } from '../../lib/commands';
import { useAppCommands } from './use-app-commands';

const loadPalette = () =>
  import('../../components/command-palette').then((m) => ({ default: m.CommandPalette }));
const CommandPalette = lazy(loadPalette);

/**
 * The shell's and the integrations feature's palette commands, and the palette itself: loaded when the
 * browser is idle, mounted on the first Ctrl+K.
 */
export function AppCommands({ onToggleSidebar }: { onToggleSidebar: () => void }) {
  useAppCommands(onToggleSidebar);
  useIntegrationCommands();
  usePaletteShortcut();
  const { hasOpened, setIsOpen } = useCommandPalette();
  // Signing out (or any way out of the signed-in frame) leaves the palette closed.
  useEffect(() => () => setIsOpen(false), [setIsOpen]);
  useEffect(() => {
    const warm = () => void loadPalette();
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(warm, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(warm, 3000);
    return () => clearTimeout(timer);
  }, []);
  return hasOpened ? (
    <Suspense fallback={null}>
      <CommandPalette />
    </Suspense>
  ) : null;
}
