import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import type { z } from 'zod';
import { changePasswordFormSchema } from '@smista/contracts';
import {
  errorMessageFrom,
  fieldAria,
  toast,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  PasswordChecklist,
  PasswordInput,
  PasswordMatch,
} from '@smista/ui-kit';
import { t } from '../messages';
import { useChangePassword } from './profile-api';

type FormIn = z.input<typeof changePasswordFormSchema>;
type FormOut = z.output<typeof changePasswordFormSchema>;

const EMPTY: FormIn = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The 'Cambia password' dialog (spec §2, §5, §7, §8): the new password follows the registration
 * rules with the live checklist, the confirmation shows whether it matches, and a refusal shows
 * the server's own message ('La password attuale non è corretta').
 */
export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const [newPassword = '', confirmPassword = ''] = useWatch({ control: form.control, name: ['newPassword', 'confirmPassword'] });
  const change = useChangePassword();

  const submit = (values: FormOut) =>
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast({ title: t.password.updated, description: t.password.updatedDescription });
          setOpen(false);
          form.reset(EMPTY);
        },
        // The server says what it refused; the spec's text covers an answer without a message.
        onError: (error) => toast({ title: t.error, description: errorMessageFrom(error) ?? t.password.failed, variant: 'destructive' }),
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRound aria-hidden />
          {t.password.open}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="change-password-dialog">
        <DialogHeader>
          <DialogTitle>{t.password.title}</DialogTitle>
          <DialogDescription>{t.password.description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(submit)} data-testid="change-password-form">
          <FormField id="password-current" label={t.password.current} error={errors.currentPassword?.message}>
            <PasswordInput
              id="password-current"
              autoComplete="current-password"
              {...form.register('currentPassword')}
              {...fieldAria('password-current', errors.currentPassword?.message)}
            />
          </FormField>
          <FormField id="password-new" label={t.password.next} error={errors.newPassword?.message}>
            <PasswordInput
              id="password-new"
              autoComplete="new-password"
              {...form.register('newPassword')}
              {...fieldAria('password-new', errors.newPassword?.message)}
            />
            <PasswordChecklist password={newPassword} />
          </FormField>
          <FormField id="password-confirm" label={t.password.confirm} error={errors.confirmPassword?.message}>
            <PasswordInput
              id="password-confirm"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
              {...fieldAria('password-confirm', errors.confirmPassword?.message)}
            />
            {errors.confirmPassword ? null : <PasswordMatch password={newPassword} confirmation={confirmPassword} />}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t.cancel}</Button>
            </DialogClose>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t.password.submitting : t.password.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
