import type { ReactNode } from 'react';
import { AlertTriangle, Store } from 'lucide-react';
import { uiText } from '../lib/ui-text';
import { Button } from './button';
import { Card, CardContent } from './card';
import { Spinner } from './spinner';

/**
 * The states a panel of a remote shows instead of its content: no merchant selected, loading, a
 * load that failed (with a retry), an empty list. One look in every remote; the texts come from the
 * remote (spec wording per screen).
 */

/** 'Nessun merchant selezionato' with the screen's own hint (the shell's guard normally keeps it from showing). */
export function NoMerchant({ title, text, testId = 'no-merchant' }: { title: string; text: ReactNode; testId?: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center" data-testid={testId}>
        <Store className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{text}</p>
      </CardContent>
    </Card>
  );
}

export function Loading({ testId = 'loading' }: { testId?: string }) {
  return (
    <div className="flex justify-center py-8" data-testid={testId}>
      <Spinner label={uiText.loading} />
    </div>
  );
}

/** Something that could not be loaded (a title, an optional hint), with a retry. */
export function LoadFailed({ title, text, onRetry, testId = 'load-failed' }: { title: ReactNode; text?: ReactNode; onRetry: () => void; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center text-sm" data-testid={testId} role="alert">
      <AlertTriangle className="h-8 w-8 text-destructive" aria-hidden />
      <div className="grid gap-1">
        <p className={text ? 'font-medium' : undefined}>{title}</p>
        {text ? <p className="text-muted-foreground">{text}</p> : null}
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {uiText.retry}
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
