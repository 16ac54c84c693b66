import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { profileSchema, type UserJson } from '@smista/contracts';
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
  Input,
} from '@smista/ui-kit';
import { t } from '../messages';
import { useUpdateProfile } from './profile-api';

type ProfileIn = z.input<typeof profileSchema>;
type ProfileOut = z.output<typeof profileSchema>;

function valuesOf(user: UserJson): ProfileIn {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    username: user.username ?? '',
  };
}

/** Nome, Cognome, Email, Username with 'Salva modifiche' (spec §2, §5, §7, §8). */
export function ProfileForm({ user }: { user: UserJson }) {
  const form = useForm<ProfileIn, unknown, ProfileOut>({
    resolver: zodResolver(profileSchema),
    defaultValues: valuesOf(user),
  });
  const errors = form.formState.errors;

  // The user is polled: take server changes without overwriting what is being edited.
  useEffect(() => {
    form.reset(valuesOf(user), { keepDirtyValues: true });
  }, [user, form]);

  const save = useUpdateProfile();
  const submit = (values: ProfileOut) =>
    save.mutate(values, {
      onSuccess: (res) => {
        if (res?.user) form.reset(valuesOf(res.user));
        toast({ title: t.profile.saved, description: t.profile.savedDescription });
      },
      onError: (error) => toast({ title: t.error, description: errorMessageFrom(error) ?? t.profile.saveFailed, variant: 'destructive' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.profile.detailsTitle}</CardTitle>
        <CardDescription>{t.profile.detailsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(submit)} data-testid="profile-form">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="profile-firstName" label={t.profile.firstName} error={errors.firstName?.message}>
              <Input id="profile-firstName" autoComplete="given-name" {...form.register('firstName')} {...fieldAria('profile-firstName', errors.firstName?.message)} />
            </FormField>
            <FormField id="profile-lastName" label={t.profile.lastName} error={errors.lastName?.message}>
              <Input id="profile-lastName" autoComplete="family-name" {...form.register('lastName')} {...fieldAria('profile-lastName', errors.lastName?.message)} />
            </FormField>
          </div>
          <FormField id="profile-email" label={t.profile.email} error={errors.email?.message}>
            <Input id="profile-email" type="email" autoComplete="email" {...form.register('email')} {...fieldAria('profile-email', errors.email?.message)} />
          </FormField>
          <FormField id="profile-username" label={t.profile.username} error={errors.username?.message}>
            <Input id="profile-username" autoComplete="username" {...form.register('username')} {...fieldAria('profile-username', errors.username?.message)} />
          </FormField>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t.profile.saving : t.profile.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
