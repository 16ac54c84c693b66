import type { ReactNode } from 'react';
import { Package } from 'lucide-react';
import { t } from '../../messages';

/** The public pages' frame: brand panel on desktop, the card centred on mobile. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen bg-muted/40">
      <aside className="hidden w-[42%] flex-col justify-between bg-sidebar p-10 text-sidebar-foreground md:flex">
        <div className="flex items-center gap-2 text-lg font-semibold text-white">
          <Package className="h-6 w-6" aria-hidden />
          {t.product}
        </div>
        <div className="space-y-3">
          <p className="text-3xl font-semibold leading-tight text-white">{t.auth.brandTitle}</p>
          <p className="text-sm text-sidebar-foreground/80">{t.auth.brandText}</p>
        </div>
        <p className="text-xs text-sidebar-foreground/60">© {t.product}</p>
      </aside>
      <main className="flex flex-1 items-center justify-center p-4 sm:p-8">
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
