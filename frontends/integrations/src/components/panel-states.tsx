import type { ReactNode } from 'react';
import { AlertTriangle, Store } from 'lucide-react';
import { Button, Card, CardContent, Spinner } from '@smista/ui-kit';
import { t } from '../messages';

/** 'Nessun merchant selezionato' (the shell's guard normally keeps this from showing). */
export function NoMerchant() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center" data-testid="no-merchant">
        <Store className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t.noMerchantTitle}</p>
        <p className="text-sm text-muted-foreground">{t.noMerchant}</p>
      </CardContent>
    </Card>
  );
}

export function Loading({ testId = 'loading' }: { testId?: string }) {
  return (
    <div className="flex justify-center py-8" data-testid={testId}>
      <Spinner label={t.loading} />
    </div>
  );
}

/** Something that could not be loaded, with a retry. */
export function LoadFailed({ text, onRetry, testId = 'load-failed' }: { text: string; onRetry: () => void; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center text-sm" data-testid={testId} role="alert">
      <AlertTriangle className="h-8 w-8 text-destructive" aria-hidden />
      <p>{text}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}

/** The text of an empty list. */
export function EmptyText({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p className="py-8 text-center text-sm text-muted-foreground" data-testid={testId}>
      {children}
    </p>
  );
}
