import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { t } from '../../messages';

/** The public pages' frame: brand panel on desktop; on mobile the logo above the centred card. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen bg-muted/40">
      <aside className="hidden w-[42%] flex-col justify-between bg-sidebar p-10 text-sidebar-foreground md:flex">
        <Logo tone="light" />
        <div className="space-y-3">
          <p className="text-3xl font-semibold leading-tight text-white">{t.auth.brandTitle}</p>
          <p className="text-sm text-sidebar-foreground/80">{t.auth.brandText}</p>
        </div>
        <p className="text-xs text-sidebar-foreground/60">© {t.product}</p>
      </aside>
      <main className="flex flex-1 flex-col items-center justify-center p-4 sm:p-8">
        <Logo className="mb-6 md:hidden" />
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
