import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { loginSchema, type LoginInput } from '@smista/contracts';
import {
  apiFetch,
  errorMessageFrom,
  fieldAria,
  toast,
  Button,
  Checkbox,
  FormField,
  Input,
  Label,
  PasswordInput,
  type User,
} from '@smista/ui-kit';
import { t } from '../../messages';

/** Email, password with show/hide, 'Resta connesso' (not sent), 'Password dimenticata?' (spec §2). */
export function LoginForm({ defaultEmail, onSuccess }: { defaultEmail: string; onSuccess: (user: User) => void }) {
  const [remember, setRemember] = useState(false);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const errors = form.formState.errors;

  const login = useMutation({
    mutationFn: (body: LoginInput) => apiFetch<User>('/api/login', { method: 'POST', body }),
    onSuccess,
    onError: (error) =>
      toast({ title: t.auth.loginFailed, description: errorMessageFrom(error) ?? t.auth.loginFailedDefault, variant: 'destructive' }),
  });

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} data-testid="login-form">
      <FormField id="login-email" label={t.auth.email} error={errors.email?.message}>
        <Input id="login-email" type="email" autoComplete="email" {...form.register('email')} {...fieldAria('login-email', errors.email?.message)} />
      </FormField>
      <FormField
        id="login-password"
        label={t.auth.password}
        error={errors.password?.message}
        labelAside={
          <Link to="/request-password-reset" className="text-sm text-primary hover:underline">
            {t.auth.forgotPassword}
          </Link>
        }
      >
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          {...form.register('password')}
          {...fieldAria('login-password', errors.password?.message)}
        />
      </FormField>
      <div className="flex items-center gap-2">
        <Checkbox id="login-remember" checked={remember} onCheckedChange={(v) => setRemember(v === true)} />
        <Label htmlFor="login-remember" className="font-normal">
          {t.auth.rememberMe}
        </Label>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? t.auth.loginPending : t.auth.loginSubmit}
      </Button>
    </form>
  );
}
