import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import type { z } from 'zod';
import { requestPasswordResetSchema } from '@smista/contracts';
import { apiFetch, fieldAria, toast, Button, buttonVariants, Card, CardContent, CardDescription, CardHeader, CardTitle, FormField, Input } from '@smista/ui-kit';
import { AuthFrame } from '../auth/auth-shell';
import { t } from '../../messages';

type Input = z.input<typeof requestPasswordResetSchema>;
type Output = z.output<typeof requestPasswordResetSchema>;

/** /request-password-reset (spec §2). */
export function RequestPasswordResetPage() {
  const [sent, setSent] = useState(false);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;

  const request = useMutation({
    mutationFn: (values: Output) => apiFetch('/api/request-password-reset', { method: 'POST', body: { email: values.email } }),
    onSuccess: () => setSent(true),
    onError: () => toast({ title: t.common.error, description: t.reset.requestFailed, variant: 'destructive' }),
  });

  return (
    <AuthFrame>
      <Card>
        {sent ? (
          <>
            <CardHeader className="items-center text-center">
              <MailCheck className="h-10 w-10 text-primary" aria-hidden />
              <CardTitle className="text-2xl">{t.reset.requestSentTitle}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 text-center">
              <p className="text-sm" data-testid="reset-request-sent">
                {t.reset.requestSent}
              </p>
              <p className="text-sm text-muted-foreground">{t.reset.checkSpam}</p>
              <Button
                variant="outline"
                onClick={() => {
                  form.reset({ email: '' });
                  setSent(false);
                }}
              >
                {t.reset.tryAnother}
              </Button>
              <Link to="/auth" className={buttonVariants({ variant: 'link' })}>
                {t.reset.backToLogin}
              </Link>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <CardTitle className="text-2xl">{t.reset.requestTitle}</CardTitle>
              <CardDescription>{t.reset.requestSubtitle}</CardDescription>
            </CardHeader>
            <CardContent>
              <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => request.mutate(v))}>
                <FormField id="reset-email" label={t.auth.email} error={error}>
                  <Input id="reset-email" type="email" autoComplete="email" {...form.register('email')} {...fieldAria('reset-email', error)} />
                </FormField>
                <Button type="submit" disabled={request.isPending}>
                  {request.isPending ? t.reset.requestPending : t.reset.requestSubmit}
                </Button>
                <Link to="/auth" className={buttonVariants({ variant: 'link' })}>
                  {t.reset.backToLogin}
                </Link>
              </form>
            </CardContent>
          </>
        )}
      </Card>
    </AuthFrame>
  );
}
