import { Columns2, Keyboard, Lock, LockOpen, PenSquare, Settings } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { shortcutKey } from '../utils/shortcuts';
import type { ListDensity } from './thread-row';

type HeaderToolbarProps = {
  density: ListDensity;
  onDensityChange: (density: ListDensity) => void;
  onResetPanels: () => void;
  isPanelsLocked: boolean;
  onTogglePanelsLock: () => void;
  onCompose: () => void;
  onShowShortcuts: () => void;
  isMobile: boolean;
};

function IconButton({
  label,
  shortcut,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip content={label} shortcut={shortcut}>
      <Button size="icon-sm" variant="ghost" aria-label={label} onClick={onClick}>
        {children}
      </Button>
    </Tooltip>
  );
}

/** The right side of the triage header: compose, list density, pane controls, shortcuts and settings. */
export function HeaderToolbar(props: HeaderToolbarProps) {
  return (
    <div className="flex items-center gap-1">
      <Tooltip content="Compose" shortcut={shortcutKey('compose')}>
        <Button size="sm" variant="primary" onClick={props.onCompose} aria-label="Compose">
          <PenSquare />
          {props.isMobile ? null : 'Compose'}
        </Button>
      </Tooltip>
      {props.isMobile ? null : (
        <ToggleGroup.Root
          type="single"
          value={props.density}
          onValueChange={(value) => {
            if (value) props.onDensityChange(value as ListDensity);
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
      {props.isMobile ? null : (
        <>
          <IconButton label="Reset panel sizes" onClick={props.onResetPanels}>
            <Columns2 />
          </IconButton>
          <IconButton
            label={props.isPanelsLocked ? 'Unlock panels' : 'Lock panels'}
            onClick={props.onTogglePanelsLock}
          >
            {props.isPanelsLocked ? <Lock /> : <LockOpen />}
          </IconButton>
        </>
      )}
      <IconButton label="Keyboard shortcuts" shortcut="?" onClick={props.onShowShortcuts}>
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
