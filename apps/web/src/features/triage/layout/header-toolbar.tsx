import { Columns2, Keyboard, Lock, LockOpen, PenSquare, Settings } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { IconButton } from '../../../components/ui/icon-button';
import { Tooltip } from '../../../components/ui/tooltip';
import { useTriageScreen } from '../triage-screen-context';
import type { ListDensity } from '../types/thread-list-types';
import { shortcutKey } from '../utils/shortcuts';

const DENSITY_CHOICES = [
  { value: 'standard' as const, content: 'Standard' },
  { value: 'enhanced' as const, content: 'Enhanced' },
];

/** The right side of the triage header: compose, list density, pane controls, shortcuts and settings. */
export function HeaderToolbar() {
  const screen = useTriageScreen();
  return (
    <ToolbarButtons
      isMobile={screen.isMobile}
      isPanelsLocked={screen.isPanelsLocked}
      storedDensity={screen.storedDensity}
      setDensity={screen.setDensity}
      onCompose={screen.compose.openNew}
      onResetSizes={screen.panels.resetSizes}
      onTogglePanelsLock={screen.togglePanelsLock}
      onHelp={screen.help.show}
    />
  );
}

type ToolbarButtonsProps = {
  isMobile: boolean;
  isPanelsLocked: boolean;
  storedDensity: ListDensity;
  setDensity: (density: ListDensity) => void;
  onCompose: () => void;
  onResetSizes: () => void;
  onTogglePanelsLock: () => void;
  onHelp: () => void;
};

// Memoized on stable props: a page of the list arriving re-renders the screen, not these tooltips.
const ToolbarButtons = memo(function ToolbarButtons(props: ToolbarButtonsProps) {
  const { isMobile, isPanelsLocked } = props;
  return (
    <div className="flex items-center gap-1">
      <Tooltip content="Compose" shortcut={shortcutKey('compose')}>
        <Button size="sm" variant="primary" onClick={props.onCompose} aria-label="Compose">
          <PenSquare />
          {isMobile ? null : 'Compose'}
        </Button>
      </Tooltip>
      {isMobile ? null : (
        <ChoiceGroup
          label="List style"
          value={props.storedDensity}
          choices={DENSITY_CHOICES}
          onChange={props.setDensity}
          className="ml-1 flex items-center rounded-md border border-border p-0.5"
          itemClassName="h-6 rounded px-2 text-[12px] font-medium text-muted capitalize hover:text-fg data-[state=on]:bg-surface-2 data-[state=on]:text-fg data-[state=on]:shadow-sm"
        />
      )}
      {isMobile ? null : (
        <>
          <IconButton label="Reset panel sizes" onClick={props.onResetSizes}>
            <Columns2 />
          </IconButton>
          <IconButton
            label={isPanelsLocked ? 'Unlock panels' : 'Lock panels'}
            onClick={props.onTogglePanelsLock}
          >
            {isPanelsLocked ? <Lock /> : <LockOpen />}
          </IconButton>
        </>
      )}
      <IconButton label="Keyboard shortcuts" shortcut="?" onClick={props.onHelp}>
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
});
