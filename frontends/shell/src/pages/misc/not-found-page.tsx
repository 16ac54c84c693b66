import { Link } from 'react-router-dom';
import { buttonVariants, Card, CardContent } from '@smista/ui-kit';
import { t } from '../../messages';

/** Any unknown path (spec §2). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
          <h1 className="text-2xl font-bold">{t.notFound.title}</h1>
          <p className="text-sm text-muted-foreground">{t.notFound.text}</p>
          <Link to="/" className={buttonVariants()}>
            {t.notFound.back}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
