import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import type { z } from 'zod';
import { changePasswordFormSchema } from '@smista/contracts';
import {
  apiFetch,
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
  PasswordInput,
  CURRENT_USER_QUERY_KEY,
  type User,
} from '@smista/ui-kit';
import { t } from '../messages';
import { RemoteScope } from '../remote-scope';

type FormIn = z.input<typeof changePasswordFormSchema>;
type FormOut = z.output<typeof changePasswordFormSchema>;

const EMPTY: FormIn = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The 'Cambia password' dialog (spec §2, §5, §7, §8). */
export function ChangePasswordDialog() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;

  const change = useMutation({
    mutationFn: (values: FormOut) =>
      apiFetch<{ success: boolean; user?: User; message?: string }>('/api/user/password', {
        method: 'PUT',
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      }),
    onSuccess: (res) => {
      if (res?.user) queryClient.setQueryData(CURRENT_USER_QUERY_KEY, res.user);
      toast({ title: t.password.updated, description: t.password.updatedDescription });
      setOpen(false);
      form.reset(EMPTY);
    },
    onError: () => toast({ title: t.error, description: t.password.failed, variant: 'destructive' }),
  });

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
      <DialogContent>
        <RemoteScope>
          <DialogHeader>
            <DialogTitle>{t.password.title}</DialogTitle>
            <DialogDescription>{t.password.description}</DialogDescription>
          </DialogHeader>
          <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))} data-testid="change-password-form">
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
            </FormField>
            <FormField id="password-confirm" label={t.password.confirm} error={errors.confirmPassword?.message}>
              <PasswordInput
                id="password-confirm"
                autoComplete="new-password"
                {...form.register('confirmPassword')}
                {...fieldAria('password-confirm', errors.confirmPassword?.message)}
              />
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
        </RemoteScope>
      </DialogContent>
    </Dialog>
  );
}
