import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { GLOBAL_SHORTCUTS } from '../../../lib/global-shortcuts';
import { SHORTCUTS } from '../utils/shortcuts';

const ALL_SHORTCUTS = [...Object.values(GLOBAL_SHORTCUTS), ...Object.values(SHORTCUTS)];

/** The `?` dialog listing every shortcut: the app-wide ones (palette, sidebar), then the triage ones. */
export function ShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title="Keyboard shortcuts"
        description="Shortcuts work whenever you are not typing in a field."
      >
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1.5 text-[13px]">
          {ALL_SHORTCUTS.map((shortcut) => (
            <div key={shortcut.label} className="contents">
              <dt>{shortcut.label}</dt>
              <dd className="flex justify-end gap-1">
                {shortcut.keys.map((key) => (
                  <kbd
                    key={key}
                    className="min-w-6 rounded border border-border bg-surface-2 px-1.5 text-center font-mono text-[12px]"
                  >
                    {key}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
