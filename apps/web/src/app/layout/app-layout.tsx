import { Menu } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useTokenAutoRefresh } from '../../features/integrations/hooks/use-token-auto-refresh';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';
import { PageSkeleton } from '../routes/page-skeleton';
import { AppCommands } from './app-commands';
import { Sidebar } from './sidebar';
import { useSidebarState } from './sidebar-state';
import { useUserNotices } from './use-user-notices';

/** The signed-in frame: sidebar (16rem, 3rem collapsed; an 18rem drawer below 768px) and the page. */
export function AppLayout() {
  const { isOpen, toggle, isMobileOpen, setIsMobileOpen } = useSidebarState();
  const isMobile = useMediaQuery('(max-width: 767px)');
  // Keeps provider tokens fresh for the whole signed-in session (spec §9 token auto-refresh).
  useTokenAutoRefresh();
  // Refused mailbox changes and failed held sends reach the user on every screen.
  useUserNotices();

  return (
    <div className="flex h-full min-h-0">
      <AppCommands onToggleSidebar={toggle} />
      {isMobile ? null : (
        <aside
          data-testid="sidebar"
          data-state={isOpen ? 'expanded' : 'collapsed'}
          className={cn(
            'h-full shrink-0 overflow-hidden border-r border-border transition-[width] duration-150',
            isOpen ? 'w-64' : 'w-12',
          )}
        >
          <Sidebar isCollapsed={!isOpen} onToggle={toggle} />
        </aside>
      )}
      {isMobile ? (
        <DialogPrimitive.Root open={isMobileOpen} onOpenChange={setIsMobileOpen}>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
            <DialogPrimitive.Content
              data-testid="sidebar-drawer"
              aria-describedby={undefined}
              // Focus the drawer itself so no tooltip opens and the first Escape closes it.
              onOpenAutoFocus={(event) => {
                event.preventDefault();
                (event.currentTarget as HTMLElement | null)?.focus();
              }}
              className="fixed inset-y-0 left-0 z-50 w-72 border-r border-border shadow-xl"
            >
              <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
              <Sidebar
                isCollapsed={false}
                onToggle={() => setIsMobileOpen(false)}
                onNavigate={() => setIsMobileOpen(false)}
              />
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        {isMobile ? (
          <div className="flex h-12 shrink-0 items-center gap-2 border-b border-border px-2">
            <button
              type="button"
              onClick={() => setIsMobileOpen(true)}
              aria-label="Open navigation"
              className="rounded-md p-2 text-muted hover:bg-hover"
            >
              <Menu className="size-5" />
            </button>
            <span className="font-semibold">Ledgerdesk</span>
          </div>
        ) : null}
        <main className="min-h-0 flex-1">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
