import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createInviteSchema } from '@smista/contracts';
import {
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
  NativeSelect,
} from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { t } from '../messages';
import { useSendInvite } from './team-api';

type InviteIn = z.input<typeof createInviteSchema>;
type InviteOut = z.output<typeof createInviteSchema>;

/** Spec §9: invites default to the user role. */
const EMPTY: InviteIn = { email: '', role: 'user' };

/**
 * The inline 'Invita nuovo membro' form (spec §2, §4, §5, §8): a blank e-mail is ignored; after
 * a successful send the form clears (role back to Utente), closes and the invites list refreshes.
 */
export function InviteForm({ merchantId, onClose }: { merchantId: string; onClose: () => void }) {
  const form = useForm<InviteIn, unknown, InviteOut>({ resolver: zodResolver(createInviteSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;
  const send = useSendInvite(merchantId);

  const sendValues = (values: InviteOut) =>
    send.mutate(values, {
      onSuccess: (_res, sent) => {
        toast({ title: t.team.inviteSent, description: t.team.inviteSentDescription(sent.email) });
        form.reset(EMPTY);
        onClose();
      },
      onError: (error) => toast({ title: t.error, description: t.team.inviteFailed(serverMessage(error)), variant: 'destructive' }),
    });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (!form.getValues('email').trim()) {
      // Spec §5: a blank e-mail (after trimming) is not sent.
      e.preventDefault();
      form.clearErrors();
      return;
    }
    void form.handleSubmit(sendValues)(e);
  };

  const cancel = () => {
    form.reset(EMPTY);
    onClose();
  };

  return (
    <Card data-testid="invite-form-card">
      <CardHeader>
        <CardTitle>{t.team.inviteTitle}</CardTitle>
        <CardDescription>{t.team.inviteDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-[1fr_12rem] sm:items-start" noValidate onSubmit={submit} data-testid="invite-form">
          <FormField id="invite-email" label={t.team.inviteEmail} error={errors.email?.message}>
            <Input
              id="invite-email"
              type="email"
              autoComplete="off"
              autoFocus
              placeholder={t.team.inviteEmailPlaceholder}
              {...form.register('email')}
              {...fieldAria('invite-email', errors.email?.message)}
            />
          </FormField>
          <FormField id="invite-role" label={t.team.inviteRole} error={errors.role?.message}>
            <NativeSelect id="invite-role" {...form.register('role')}>
              <option value="user">{t.team.roles.user}</option>
              <option value="admin">{t.team.roles.admin}</option>
            </NativeSelect>
          </FormField>
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button variant="outline" onClick={cancel} disabled={send.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t.team.inviteSending : t.team.inviteSubmit}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
