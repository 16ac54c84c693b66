import { Eye } from 'lucide-react';
import { t } from '../messages';

/** Shown to a user who is not an admin of the merchant: the page is read-only for them. */
export function ReadOnlyNotice({ text = t.readOnly }: { text?: string }) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-border bg-muted/50 px-3 py-2 text-sm text-muted-foreground" data-testid="read-only-notice">
      <Eye className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}
