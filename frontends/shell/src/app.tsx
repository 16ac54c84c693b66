import { Route, Routes } from 'react-router-dom';
import { DocumentTitle } from './components/document-title';
import { AppLayout } from './layout/app-layout';
import { AuthPage } from './pages/auth/auth-page';
import { DashboardPage } from './pages/dashboard/dashboard-page';
import { MarketplaceCallbackPage } from './pages/marketplace/marketplace-callback-page';
import { MerchantSelectionPage } from './pages/merchants/merchant-selection-page';
import { NotFoundPage } from './pages/misc/not-found-page';
import { HomeRedirect } from './pages/misc/redirect-pages';
import { AcceptInvitePage } from './pages/invites/accept-invite-page';
import { RequestPasswordResetPage } from './pages/reset/request-password-reset-page';
import { ResetPasswordPage } from './pages/reset/reset-password-page';
import { RemoteRoute } from './remotes/remote-route';
import { RequireAuth, RequireMerchant } from './routes/guards';

/**
 * The shell's routes (spec §2), and the document title of each (lib/page-titles.ts). Remotes render
 * inside the layout through {@link RemoteRoute}.
 */
export function App() {
  return (
    <>
      <DocumentTitle />
      <Routes>
        <Route path="/auth" element={<AuthPage />} />
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
              <Route path="/shipments/*" element={<RemoteRoute name="shipments" />} />
              <Route path="/carriers/*" element={<RemoteRoute name="integrations" />} />
              {/* The rules remote: the shipping rules with their dialog and dry run. */}
              <Route path="/shipping-rules/*" element={<RemoteRoute name="rules" />} />
            </Route>
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}
