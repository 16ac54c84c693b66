import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DocumentTitle } from './components/document-title';
import { FullPageSpinner } from './components/full-page-spinner';
import { HomeRedirect } from './pages/misc/redirect-pages';
import { RequireAuth, RequireMerchant } from './routes/guards';

// Every page is its own chunk, loaded with its route: a first visit of /auth downloads the login
// and registration forms, not the layout, the dashboard or the remotes' loader (issue 12).
const AuthPage = lazy(() => import('./pages/auth/auth-page').then((m) => ({ default: m.AuthPage })));
const SsoCallbackPage = lazy(() => import('./pages/auth/sso-callback-page').then((m) => ({ default: m.SsoCallbackPage })));
const RequestPasswordResetPage = lazy(() => import('./pages/reset/request-password-reset-page').then((m) => ({ default: m.RequestPasswordResetPage })));
const ResetPasswordPage = lazy(() => import('./pages/reset/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const AcceptInvitePage = lazy(() => import('./pages/invites/accept-invite-page').then((m) => ({ default: m.AcceptInvitePage })));
const MarketplaceCallbackPage = lazy(() => import('./pages/marketplace/marketplace-callback-page').then((m) => ({ default: m.MarketplaceCallbackPage })));
const MerchantSelectionPage = lazy(() => import('./pages/merchants/merchant-selection-page').then((m) => ({ default: m.MerchantSelectionPage })));
const AppLayout = lazy(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));
const DashboardPage = lazy(() => import('./pages/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const RemoteRoute = lazy(() => import('./remotes/remote-route').then((m) => ({ default: m.RemoteRoute })));
const NotFoundPage = lazy(() => import('./pages/misc/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/**
 * The shell's routes (spec §2), and the document title of each (lib/page-titles.ts). Remotes render
 * inside the layout through `RemoteRoute`.
 */
export function App() {
  return (
    <>
      <DocumentTitle />
      {/* A page's chunk on its way; inside the layout its own boundary keeps the sidebar and header. */}
      <Suspense fallback={<FullPageSpinner />}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/auth/sso" element={<SsoCallbackPage />} />
          <Route path="/request-password-reset" element={<RequestPasswordResetPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/accept-invite" element={<AcceptInvitePage key="new" variant="new" />} />
          <Route path="/accept-existing-invite" element={<AcceptInvitePage key="existing" variant="existing" />} />

          <Route element={<RequireAuth />}>
            <Route path="/marketplace/callback" element={<MarketplaceCallbackPage />} />
            <Route path="/merchant-selection" element={<MerchantSelectionPage />} />
            <Route path="/" element={<HomeRedirect />} />
            <Route path="/home" element={<HomeRedirect />} />

            <Route element={<RequireMerchant />}>
              <Route element={<AppLayout />}>
                <Route path="/dashboard" element={<DashboardPage />} />
                {/* The orders remote: the list at /dashboard/orders and /orders, one order at /orders/{id}. */}
                <Route path="/dashboard/orders/*" element={<RemoteRoute name="orders" />} />
                {/* The shipments remote: the list at /dashboard/shipments and /shipments. */}
                <Route path="/dashboard/shipments/*" element={<RemoteRoute name="shipments" />} />
                {/* The integrations remote: the overview here, the carrier screens under /carriers (same module). */}
                <Route path="/dashboard/integrations/*" element={<RemoteRoute name="integrations" />} />
                <Route path="/dashboard/marketplaces/*" element={<RemoteRoute name="integrations" />} />
                <Route path="/dashboard/integration/*" element={<RemoteRoute name="integrations" />} />
                {/* The settings remote owns its nested routes (tabs, and whatever a tab adds below). */}
                <Route path="/dashboard/settings/*" element={<RemoteRoute name="settings" />} />
                <Route path="/orders/*" element={<RemoteRoute name="orders" />} />
                <Route path="/catalogo/*" element={<RemoteRoute name="orders" />} />
                <Route path="/shipments/*" element={<RemoteRoute name="shipments" />} />
                <Route path="/carriers/*" element={<RemoteRoute name="integrations" />} />
                {/* The rules remote: the shipping rules with their dialog and dry run. */}
                <Route path="/shipping-rules/*" element={<RemoteRoute name="rules" />} />
              </Route>
            </Route>
          </Route>

          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </>
  );
}
