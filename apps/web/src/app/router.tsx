import { SHARED_SUB_VIEWS } from '@ledgerdesk/domain/triage/triage-view';
import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AuthPage } from '../features/auth/components/auth-page';
import { OAuthReturnBoundary } from '../features/integrations/components/oauth-return-boundary';
import { AppLayout } from './layout/app-layout';
import { ComingSoonPage } from './routes/coming-soon';
import { RouteErrorScreen } from './routes/error-screen';
import { NotFoundPage } from './routes/not-found';
import { ProtectedRoute, PublicOnlyRoute } from './routes/protected-route';

// Each screen loads on demand, so /triage ships only what triage needs.
// The triage page with the integrations feature's header controls composed in (features never import each other).
type TriageRouteModule = typeof import('./routes/triage-route');
let triageRoute: TriageRouteModule | null = null;
const loadTriageRoute = () =>
  import('./routes/triage-route').then((module) => {
    triageRoute = module;
    return module;
  });
const LazyTriagePage = lazy(() => loadTriageRoute().then((m) => ({ default: m.TriageRoute })));
/** Rendered at once when the chunk is already here: lazy() would suspend once even then, and React holds a
 * revealed fallback for up to 300 ms. */
function TriagePage() {
  return triageRoute ? <triageRoute.TriageRoute /> : <LazyTriagePage />;
}

/**
 * Starts loading the screen a page load lands on while the session is still being checked: the routes render
 * only once it is known (ProtectedRoute), so without this the triage chunk waited for the session's answer
 * before it was even asked for. Only triage, the screen most loads land on; the module cache makes the later
 * lazy() import free.
 */
export function preloadLandingScreen(pathname: string): void {
  if (pathname === '/' || pathname.startsWith('/triage')) void loadTriageRoute().catch(() => undefined);
}
const EmailIntegrationPage = lazy(() =>
  import('../features/integrations/components/email-integration-page').then((m) => ({
    default: m.EmailIntegrationPage,
  })),
);
// The profile with the templates feature's Templates tab composed in.
const ProfilePage = lazy(() => import('./routes/profile-route').then((m) => ({ default: m.ProfileRoute })));
// The Firm screen with the rules feature's firm rules composed in.
const FirmPage = lazy(() => import('./routes/firm-route').then((m) => ({ default: m.FirmRoute })));
const JoinFirmPage = lazy(() =>
  import('../features/firm/components/join-firm-page').then((m) => ({ default: m.JoinFirmPage })),
);
const WorkPage = lazy(() =>
  import('../features/work/components/work-page').then((m) => ({ default: m.WorkPage })),
);
const WorkItemPage = lazy(() =>
  import('../features/work/components/work-item-page').then((m) => ({ default: m.WorkItemPage })),
);
const ContactsPage = lazy(() =>
  import('../features/contacts/components/contacts-page').then((m) => ({ default: m.ContactsPage })),
);
const ContactDetailPage = lazy(() =>
  import('../features/contacts/components/contact-detail-page').then((m) => ({
    default: m.ContactDetailPage,
  })),
);
const MyWeekPage = lazy(() =>
  import('../features/my-week/components/my-week-page').then((m) => ({ default: m.MyWeekPage })),
);
const RulesPage = lazy(() =>
  import('../features/rules/components/rules-page').then((m) => ({ default: m.RulesPage })),
);
const IntelligencePage = lazy(() =>
  import('../features/intelligence/components/intelligence-page').then((m) => ({
    default: m.IntelligencePage,
  })),
);

const TRIAGE_VIEWS = ['inbox', 'later', 'low-priority', 'scheduled', 'sent', 'cleared'] as const;

/** Every route of spec §2's route table. */
export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorScreen />,
      children: [
        {
          path: '/auth',
          element: (
            <PublicOnlyRoute>
              <AuthPage />
            </PublicOnlyRoute>
          ),
        },
        // The provider returns here in the OAuth popup; a `code` lets it through signed out (spec §2).
        {
          path: '/integrations/email',
          element: (
            <OAuthReturnBoundary>
              <ProtectedRoute>
                <AppLayout />
              </ProtectedRoute>
            </OAuthReturnBoundary>
          ),
          children: [{ index: true, element: <EmailIntegrationPage /> }],
        },
        {
          path: '/',
          element: (
            <ProtectedRoute>
              <AppLayout />
            </ProtectedRoute>
          ),
          children: [
            { index: true, element: <Navigate to="/triage/personal/inbox" replace /> },
            { path: 'triage', element: <Navigate to="/triage/personal/inbox" replace /> },
            ...TRIAGE_VIEWS.map((view) => ({ path: `triage/personal/${view}`, element: <TriagePage /> })),
            ...TRIAGE_VIEWS.filter((view) => view !== 'inbox').map((view) => ({
              path: `triage/${view}`,
              element: <TriagePage />,
            })),
            { path: 'triage/personal', element: <Navigate to="/triage/personal/inbox" replace /> },
            { path: 'triage/drafts', element: <TriagePage /> },
            { path: 'triage/shared/:mailboxId', element: <TriagePage /> },
            ...SHARED_SUB_VIEWS.map((view) => ({
              path: `triage/shared/:mailboxId/${view}`,
              element: <TriagePage />,
            })),
            { path: 'my-week', element: <MyWeekPage /> },
            { path: 'work', element: <WorkPage /> },
            {
              path: 'work/:id',
              element: <WorkItemPage />,
            },
            { path: 'contacts', element: <ContactsPage /> },
            { path: 'contacts/groups/:id', element: <ContactsPage /> },
            { path: 'contacts/:id', element: <ContactDetailPage /> },
            { path: 'intelligence', element: <IntelligencePage /> },
            { path: 'insights', element: <ComingSoonPage title="Insights" /> },
            { path: 'time', element: <ComingSoonPage title="Time" /> },
            { path: 'settings', element: <ComingSoonPage title="Settings" /> },
            { path: 'profile', element: <ProfilePage /> },
            // Decision 025: one's own rules, and the firm's read-only (owners manage them on the Firm screen).
            { path: 'rules', element: <RulesPage /> },
            // Decision 012: the firm (create, rename, invite, members, leave) and the invitation link's screen.
            { path: 'firm', element: <FirmPage /> },
            { path: 'firm/join', element: <JoinFirmPage /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
