import type { ReactNode } from 'react';
import { Button } from './button';
import { Tooltip } from './tooltip';

/** A small ghost icon button named by its label, which its tooltip shows with the shortcut. */
export function IconButton({
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
