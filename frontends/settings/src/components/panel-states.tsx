import type { ReactNode } from 'react';
import { AlertTriangle, Store } from 'lucide-react';
import { Button, Card, CardContent, Spinner } from '@smista/ui-kit';
import { t } from '../messages';

/** 'Nessun merchant selezionato' with the tab's own hint. */
export function NoMerchant({ text, testId }: { text: string; testId: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center" data-testid={testId}>
        <Store className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t.noMerchantTitle}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </CardContent>
    </Card>
  );
}

export function Loading() {
  return (
    <div className="flex justify-center py-8">
      <Spinner label={t.loading} />
    </div>
  );
}

/** A list that could not be loaded, with a retry. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center text-sm" data-testid="load-failed">
      <AlertTriangle className="h-8 w-8 text-destructive" aria-hidden />
      <p>{text}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}

/** The text of an empty list. */
export function EmptyRow({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <p className="py-8 text-center text-sm text-muted-foreground" data-testid={testId}>
      {children}
    </p>
  );
}
