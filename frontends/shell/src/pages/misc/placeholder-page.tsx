import { Construction } from 'lucide-react';
import { Card, CardContent } from '@smista/ui-kit';
import { t } from '../../messages';

/** An in-layout page whose screen arrives in a later issue. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Card>
        <CardContent className="flex flex-col items-center gap-2 p-10 text-center" data-testid="under-construction">
          <Construction className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">{t.common.underConstruction}</p>
          <p className="text-sm text-muted-foreground">{t.common.underConstructionNote}</p>
        </CardContent>
      </Card>
    </div>
  );
}

/** The same, for pages that live outside the layout. */
export function StandalonePlaceholder({ title, text }: { title: string; text?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-2 p-10 text-center" data-testid="under-construction">
          <Construction className="h-10 w-10 text-muted-foreground" aria-hidden />
          <h1 className="text-xl font-semibold">{title}</h1>
          <p className="font-medium">{text ?? t.common.underConstruction}</p>
          {text ? null : <p className="text-sm text-muted-foreground">{t.common.underConstructionNote}</p>}
        </CardContent>
      </Card>
    </div>
  );
}
