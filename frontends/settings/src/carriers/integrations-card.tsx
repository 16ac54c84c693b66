import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { buttonVariants, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@smista/ui-kit';

/**
 * One panel of the carriers tab (carrier integrations, marketplace integrations): title,
 * description, a link to the full management page once there is something to manage, the list.
 */
export function IntegrationsCard({
  title,
  description,
  link,
  testId,
  children,
}: {
  title: string;
  description: string;
  /** Shown only when the list has entries. */
  link: { to: string; label: string; testId: string } | null;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {link ? (
          <Link to={link.to} className={buttonVariants({ variant: 'outline' })} data-testid={link.testId}>
            {link.label}
            <ArrowRight aria-hidden />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
