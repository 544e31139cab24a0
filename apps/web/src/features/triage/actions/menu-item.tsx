import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** Class of an item in the triage dropdown and context menus. */
export const MENU_ITEM_CLASS = cn(
  'flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-[13px] text-fg outline-none select-none',
  'data-[highlighted]:bg-hover data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:text-muted',
);

/** Class of the menu surface. */
export const MENU_CONTENT_CLASS = 'z-50 min-w-52 rounded-lg border border-border bg-surface p-1 shadow-lg';

/** The content of a menu item: icon, label and its keyboard shortcut. */
export function MenuItemContent({
  icon,
  label,
  shortcut,
}: {
  icon?: ReactNode;
  label: ReactNode;
  shortcut?: string;
}) {
  return (
    <>
      {icon}
      <span className="flex-1 truncate">{label}</span>
      {shortcut ? (
        <kbd className="rounded border border-border px-1 font-mono text-[11px] text-muted">{shortcut}</kbd>
      ) : null}
    </>
  );
}
