import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { z } from 'zod';
import { resetPasswordFormSchema } from '@smista/contracts';
import {
  apiFetch,
  apiRequest,
  discardBody,
  fieldAria,
  toast,
  Button,
  buttonVariants,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  PasswordInput,
  PasswordChecklist,
  PasswordMatch,
  Spinner,
} from '@smista/ui-kit';
import { AuthFrame } from '../auth/auth-shell';
import { t } from '../../messages';

type FormInput = z.input<typeof resetPasswordFormSchema>;
type FormOutput = z.output<typeof resetPasswordFormSchema>;

/** `GET /api/verify-reset-token/{token}`: ok means valid (spec §7). */
async function verifyToken(token: string): Promise<boolean> {
  try {
    const res = await apiRequest(`/api/verify-reset-token/${encodeURIComponent(token)}`);
    await discardBody(res); // only the status matters
    return res.ok;
  } catch {
    return false;
  }
}

/** /reset-password?token= (spec §2). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);
  const verification = useQuery({
    queryKey: ['verify-reset-token', token],
    queryFn: () => verifyToken(token),
    enabled: Boolean(token),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const password = form.watch('password') ?? '';
  const confirmation = form.watch('confirmPassword') ?? '';

  const reset = useMutation({
    mutationFn: (values: FormOutput) =>
      apiFetch('/api/reset-password', {
        method: 'POST',
        body: { password: values.password, confirmPassword: values.confirmPassword, token },
      }),
    onSuccess: () => setDone(true),
    onError: () => toast({ title: t.common.error, description: t.reset.resetFailed, variant: 'destructive' }),
  });

  let body;
  if (token && verification.isPending) {
    body = (
      <CardContent className="flex justify-center py-10">
        <Spinner label={t.reset.verifying} />
      </CardContent>
    );
  } else if (!token || verification.data !== true) {
    body = (
      <>
        <CardHeader className="items-center text-center">
          <XCircle className="h-10 w-10 text-destructive" aria-hidden />
          <CardTitle className="text-2xl">{t.reset.invalidTitle}</CardTitle>
          <CardDescription>{t.reset.invalidText}</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Link to="/request-password-reset" className={buttonVariants()}>
            {t.reset.requestNewLink}
          </Link>
        </CardContent>
      </>
    );
  } else if (done) {
    body = (
      <>
        <CardHeader className="items-center text-center">
          <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />
          <CardTitle className="text-2xl">{t.reset.successTitle}</CardTitle>
          <CardDescription data-testid="reset-success">{t.reset.successText}</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          <Link to="/auth" className={buttonVariants()}>
            {t.reset.goToLogin}
          </Link>
        </CardContent>
      </>
    );
  } else {
    body = (
      <>
        <CardHeader>
          <CardTitle className="text-2xl">{t.reset.formTitle}</CardTitle>
          <CardDescription>{t.reset.formSubtitle}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => reset.mutate(v))} data-testid="reset-form">
            <FormField id="reset-password" label={t.reset.newPassword} error={errors.password?.message}>
              <PasswordInput id="reset-password" autoComplete="new-password" {...form.register('password')} {...fieldAria('reset-password', errors.password?.message)} />
              <PasswordChecklist password={password} />
            </FormField>
            <FormField id="reset-confirmPassword" label={t.reset.confirmPassword} error={errors.confirmPassword?.message}>
              <PasswordInput
                id="reset-confirmPassword"
                autoComplete="new-password"
                {...form.register('confirmPassword')}
                {...fieldAria('reset-confirmPassword', errors.confirmPassword?.message)}
              />
              {errors.confirmPassword ? null : <PasswordMatch password={password} confirmation={confirmation} />}
            </FormField>
            <Button type="submit" disabled={reset.isPending}>
              {reset.isPending ? t.reset.pending : t.reset.submit}
            </Button>
          </form>
        </CardContent>
      </>
    );
  }

  return (
    <AuthFrame>
      <Card>{body}</Card>
    </AuthFrame>
  );
}
