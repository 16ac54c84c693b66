import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { registerFormSchema } from '@smista/contracts';
import {
  apiFetch,
  errorMessageFrom,
  fieldAria,
  toast,
  Button,
  Checkbox,
  FieldError,
  FormField,
  Input,
  Label,
  PasswordInput,
  PasswordChecklist,
  PasswordMatch,
  type User,
} from '@smista/ui-kit';
import { usePublicConfig } from '../../lib/public-config';
import { registrationBody } from '../../lib/registration';
import { t } from '../../messages';

type RegisterFormInput = z.input<typeof registerFormSchema>;
type RegisterFormOutput = z.output<typeof registerFormSchema>;

/** The invite a registration joins: its address is the account's, fixed on the form. */
export interface RegistrationInvite {
  token: string;
  email: string;
  merchantName: string;
}

/**
 * The registration form of spec §2 with the live checklist, match indicator and terms. With an
 * invite the e-mail is the invited address, read-only, so the new account always joins the
 * merchant (the server applies an invite only to its own address).
 */
export function RegisterForm({
  defaultEmail,
  invite,
  onSuccess,
}: {
  defaultEmail: string;
  invite: RegistrationInvite | null;
  onSuccess: (user: User) => void;
}) {
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: invite?.email ?? defaultEmail,
      username: '',
      password: '',
      confirmPassword: '',
      terms: false,
    },
  });
  const errors = form.formState.errors;
  const legal = usePublicConfig();
  const password = form.watch('password') ?? '';
  const confirmation = form.watch('confirmPassword') ?? '';

  const register = useMutation({
    mutationFn: (values: RegisterFormOutput) =>
      apiFetch<User>('/api/register', { method: 'POST', body: registrationBody(values, invite?.token) }),
    onSuccess,
    onError: (error) =>
      toast({
        title: t.auth.registerFailed,
        description: errorMessageFrom(error) ?? t.auth.registerFailedDefault,
        variant: 'destructive',
      }),
  });

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => register.mutate(values))} data-testid="register-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-firstName" label={t.auth.firstName} error={errors.firstName?.message}>
          <Input id="register-firstName" autoComplete="given-name" {...form.register('firstName')} {...fieldAria('register-firstName', errors.firstName?.message)} />
        </FormField>
        <FormField id="register-lastName" label={t.auth.lastName} error={errors.lastName?.message}>
          <Input id="register-lastName" autoComplete="family-name" {...form.register('lastName')} {...fieldAria('register-lastName', errors.lastName?.message)} />
        </FormField>
      </div>
      <FormField id="register-email" label={t.auth.email} error={errors.email?.message}>
        {invite ? (
          <>
            <Input
              id="register-email"
              type="email"
              autoComplete="email"
              readOnly
              className="bg-muted text-muted-foreground"
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? 'register-email-invite register-email-error' : 'register-email-invite'}
              {...form.register('email')}
            />
            <p id="register-email-invite" className="text-xs text-muted-foreground" data-testid="invite-email-note">
              {t.auth.inviteEmailLocked(invite.merchantName)}
            </p>
          </>
        ) : (
          <Input id="register-email" type="email" autoComplete="email" {...form.register('email')} {...fieldAria('register-email', errors.email?.message)} />
        )}
      </FormField>
      <FormField id="register-username" label={t.auth.username} error={errors.username?.message}>
        <Input id="register-username" autoComplete="username" {...form.register('username')} {...fieldAria('register-username', errors.username?.message)} />
      </FormField>
      <FormField id="register-password" label={t.auth.password} error={errors.password?.message}>
        <PasswordInput id="register-password" autoComplete="new-password" {...form.register('password')} {...fieldAria('register-password', errors.password?.message)} />
        <PasswordChecklist password={password} />
      </FormField>
      <FormField id="register-confirmPassword" label={t.auth.confirmPassword} error={errors.confirmPassword?.message}>
        <PasswordInput
          id="register-confirmPassword"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          {...fieldAria('register-confirmPassword', errors.confirmPassword?.message)}
        />
        {errors.confirmPassword ? null : <PasswordMatch password={password} confirmation={confirmation} />}
      </FormField>
      <div className="grid gap-2">
        <div className="flex items-start gap-2">
          <Controller
            control={form.control}
            name="terms"
            render={({ field }) => (
              <Checkbox
                id="register-terms"
                name="terms"
                className="mt-0.5"
                checked={field.value === true}
                onCheckedChange={(v) => field.onChange(v === true)}
                onBlur={field.onBlur}
                ref={field.ref}
                {...fieldAria('register-terms', errors.terms?.message)}
              />
            )}
          />
          <Label htmlFor="register-terms" className="font-normal leading-snug">
            {t.auth.termsPrefix}
            <LegalLink href={legal.data?.termsUrl} testId="terms-link">
              {t.auth.terms}
            </LegalLink>
            {t.auth.termsAnd}
            <LegalLink href={legal.data?.privacyUrl} testId="privacy-link">
              {t.auth.privacy}
            </LegalLink>
          </Label>
        </div>
        <FieldError id="register-terms-error" message={errors.terms?.message} />
      </div>
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? t.auth.registerPending : t.auth.registerSubmit}
      </Button>
    </form>
  );
}

/**
 * A legal page the user accepts, opened in a new tab (without access to this one); while its address
 * is unknown or not configured the words show without a link.
 */
function LegalLink({ href, testId, children }: { href: string | null | undefined; testId: string; children: string }) {
  if (!href) {
    return (
      <span className="font-medium" data-testid={testId}>
        {children}
      </span>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-2 hover:text-primary/80" data-testid={testId}>
      {children}
    </a>
  );
}
