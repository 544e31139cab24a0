import { Columns2, Keyboard, Lock, LockOpen, PenSquare, Settings } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { Tooltip } from '../../../components/ui/tooltip';
import { shortcutKey } from '../utils/shortcuts';
import type { ListDensity } from './thread-row';
import { useTriageScreen } from './triage-screen-context';

/** The right side of the triage header: compose, list density, pane controls, shortcuts and settings. */
export function HeaderToolbar() {
  const screen = useTriageScreen();
  const { isMobile, isPanelsLocked } = screen;
  return (
    <div className="flex items-center gap-1">
      <Tooltip content="Compose" shortcut={shortcutKey('compose')}>
        <Button size="sm" variant="primary" onClick={screen.compose.openNew} aria-label="Compose">
          <PenSquare />
          {isMobile ? null : 'Compose'}
        </Button>
      </Tooltip>
      {isMobile ? null : (
        <ToggleGroup.Root
          type="single"
          value={screen.storedDensity}
          onValueChange={(value) => {
            if (value) screen.setDensity(value as ListDensity);
          }}
          aria-label="List style"
          className="ml-1 flex items-center rounded-md border border-border p-0.5"
        >
          {(['standard', 'enhanced'] as const).map((density) => (
            <ToggleGroup.Item
              key={density}
              value={density}
              className="h-6 rounded px-2 text-[12px] font-medium text-muted capitalize hover:text-fg data-[state=on]:bg-surface-2 data-[state=on]:text-fg data-[state=on]:shadow-sm"
            >
              {density === 'standard' ? 'Standard' : 'Enhanced'}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      )}
      {isMobile ? null : (
        <>
          <IconButton label="Reset panel sizes" onClick={screen.panels.resetSizes}>
            <Columns2 />
          </IconButton>
          <IconButton
            label={isPanelsLocked ? 'Unlock panels' : 'Lock panels'}
            onClick={screen.togglePanelsLock}
          >
            {isPanelsLocked ? <Lock /> : <LockOpen />}
          </IconButton>
        </>
      )}
      <IconButton label="Keyboard shortcuts" shortcut="?" onClick={screen.help.show}>
        <Keyboard />
      </IconButton>
      <Tooltip content="Settings">
        <Button size="icon-sm" variant="ghost" aria-label="Settings" asChild>
          <Link to="/integrations/email">
            <Settings />
          </Link>
        </Button>
      </Tooltip>
    </div>
  );
}
