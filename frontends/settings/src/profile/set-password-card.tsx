import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, ShieldCheck } from 'lucide-react';
import type { z } from 'zod';
import { setPasswordFormSchema, ssoProfileTexts as s } from '@smista/contracts';
import {
  errorMessageFrom,
  fieldAria,
  toast,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  PasswordChecklist,
  PasswordInput,
  PasswordMatch,
} from '@smista/ui-kit';
import { t } from '../messages';
import { useSetPassword } from './profile-api';

type FormIn = z.input<typeof setPasswordFormSchema>;
type FormOut = z.output<typeof setPasswordFormSchema>;

const EMPTY: FormIn = { newPassword: '', confirmPassword: '' };

/**
 * The security card of a user created by single sign-on (issue 24): 'Accesso tramite SSO', and a
 * form that sets a first Smista password (the registration rules, live checklist, confirmation);
 * then both ways sign in and the card gives way to 'Cambia password'.
 */
export function SetPasswordCard() {
  const [open, setOpen] = useState(false);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(setPasswordFormSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const [newPassword = '', confirmPassword = ''] = useWatch({ control: form.control, name: ['newPassword', 'confirmPassword'] });
  const setPassword = useSetPassword();

  const submit = (values: FormOut) =>
    setPassword.mutate(values.newPassword, {
      onSuccess: () => toast({ title: s.done, description: s.doneDescription }),
      onError: (error) => toast({ title: t.error, description: errorMessageFrom(error) ?? s.failed, variant: 'destructive' }),
    });

  return (
    <Card data-testid="sso-account">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-primary" aria-hidden />
          {s.title}
        </CardTitle>
        <CardDescription>{s.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {open ? (
          <form className="grid max-w-md gap-4" noValidate onSubmit={form.handleSubmit(submit)} data-testid="set-password-form" aria-label={s.formTitle}>
            <FormField id="set-password-new" label={s.newPassword} error={errors.newPassword?.message}>
              <PasswordInput id="set-password-new" autoComplete="new-password" {...form.register('newPassword')} {...fieldAria('set-password-new', errors.newPassword?.message)} />
              <PasswordChecklist password={newPassword} />
            </FormField>
            <FormField id="set-password-confirm" label={s.confirmPassword} error={errors.confirmPassword?.message}>
              <PasswordInput
                id="set-password-confirm"
                autoComplete="new-password"
                {...form.register('confirmPassword')}
                {...fieldAria('set-password-confirm', errors.confirmPassword?.message)}
              />
              {errors.confirmPassword ? null : <PasswordMatch password={newPassword} confirmation={confirmPassword} />}
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={setPassword.isPending}>
                {setPassword.isPending ? s.submitting : s.submit}
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setOpen(false);
                  form.reset(EMPTY);
                }}
              >
                {t.cancel}
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="outline" onClick={() => setOpen(true)}>
            <KeyRound aria-hidden />
            {s.open}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
