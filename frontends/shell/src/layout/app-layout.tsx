import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Dialog, DialogContent, DialogTitle, Spinner, useIsMobile } from '@smista/ui-kit';
import { useStoredMerchantFallback } from './use-stored-merchant-fallback';
import { t } from '../messages';
import { registerRemotesFromManifest } from '../remotes/registry';
import { Breadcrumbs } from './breadcrumbs';
import { Header } from './header';
import { SidebarContent } from './sidebar';

/** The protected layout: sidebar (a drawer under 768 px), header, breadcrumbs, page (spec §2). */
export function AppLayout() {
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  useStoredMerchantFallback();
  // The remotes live inside the layout: registered as soon as it shows (not on /auth), while the
  // page's own chunk loads. A failure surfaces later as the in-layout error panel.
  useEffect(() => {
    registerRemotesFromManifest().catch((error: unknown) => console.warn('[shell] /remotes.json', error));
  }, []);

  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  return (
    <div className="flex h-screen overflow-hidden bg-muted/30">
      <aside className="hidden w-64 shrink-0 md:block" data-testid="sidebar">
        <SidebarContent />
      </aside>
      <Dialog open={isMobile && drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogContent side="left" className="gap-0 p-0" aria-describedby={undefined} hideClose>
          <DialogTitle className="sr-only">{t.layout.menuTitle}</DialogTitle>
          <SidebarContent onNavigate={() => setDrawerOpen(false)} />
        </DialogContent>
      </Dialog>
      <div className="flex min-w-0 flex-1 flex-col">
        <Header onOpenMenu={() => setDrawerOpen(true)} />
        <main className="flex-1 overflow-y-auto p-4 md:p-6">
          <Breadcrumbs />
          {/* The page's own chunk (dashboard, a remote's loader) loads below the header, not over it. */}
          <Suspense
            fallback={
              <div className="flex min-h-[40vh] items-center justify-center">
                <Spinner label={t.common.loading} />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
