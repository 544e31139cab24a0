import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter, preloadLandingScreen } from './app/router';
import { ErrorBoundary } from './app/routes/error-screen';
import { DeferredToaster } from './components/deferred-toaster';
import { ReconnectingStatus } from './components/reconnecting-status';
import { TooltipProvider } from './components/ui/tooltip';
import { AuthProvider } from './features/auth/auth-provider';
import { CommandsProvider } from './lib/commands';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// After a deploy, an open tab may ask for code chunks that no longer exist: reload once to pick up the new build.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('ledgerdesk:reloaded-for-chunks')) return;
  sessionStorage.setItem('ledgerdesk:reloaded-for-chunks', '1');
  event.preventDefault();
  window.location.reload();
});

preloadLandingScreen(window.location.pathname);

const queryClient = createQueryClient();
const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <TooltipProvider delayDuration={400}>
            <CommandsProvider>
              <RouterProvider router={router} />
            </CommandsProvider>
            <ReconnectingStatus />
            <DeferredToaster
              position="bottom-right"
              duration={4500}
              closeButton
              theme="system"
              toastOptions={{ classNames: { error: '!border-danger/50 !text-danger', title: 'font-medium' } }}
            />
          </TooltipProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);
