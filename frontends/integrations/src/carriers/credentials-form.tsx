import { useMemo, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { Save } from 'lucide-react';
import type { CarrierIntegrationJson, CarrierJson, SecretCredentialField } from '@smista/contracts';
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
  PasswordInput,
} from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { t } from '../messages';
import { carrierSetupPath } from '../paths';
import {
  carrierFormValues,
  checkCarrierForm,
  connectionNamePlaceholder,
  createBody,
  credentialFieldsFor,
  emptyCarrierForm,
  storedSecretsOf,
  updateBody,
  type CarrierFormValues,
  type CredentialFieldSpec,
} from './carrier-form';
import { useCreateIntegration, useUpdateIntegration } from './carriers-api';
import { refusalOf } from './integration-status';

const s = t.setup;

/**
 * The credentials form (spec §5): the connection name and the carrier's own fields, checked on
 * submit with the server's rules; what is wrong shows under each field and, first problem, as an
 * 'Errore di validazione' toast. Secrets are never shown: when editing they start empty and an
 * empty one keeps the stored secret. Saving answers the carrier's verdict: active, or pending with
 * its refusal (shown by the connection card and in the toast). Read-only for a user.
 */
export function CredentialsForm({
  merchantId,
  carrier,
  integration,
  isAdmin,
}: {
  merchantId: string;
  carrier: CarrierJson;
  /** null: a new connection. */
  integration: CarrierIntegrationJson | null;
  isAdmin: boolean;
}) {
  const kind = carrier.credentialKind;
  const editing = integration !== null;
  const integrationId = integration ? String(integration.id) : '';
  const navigate = useNavigate();
  const initial = useMemo(
    () => (integration ? carrierFormValues(integration, kind) : emptyCarrierForm(kind)),
    // The form starts from the integration it opened with; after a save it is reset explicitly.
    [integrationId, kind],
  );
  const form = useForm<CarrierFormValues>({ defaultValues: initial });
  const errors = form.formState.errors;
  const create = useCreateIntegration(merchantId);
  const update = useUpdateIntegration(merchantId, integrationId);
  const pending = create.isPending || update.isPending;
  const stored = storedSecretsOf(integration?.credentials);

  const announce = (saved: CarrierIntegrationJson, created: boolean) => {
    if (saved.status === 'active') {
      const description = kind === 'letter' ? (created ? s.createdLetter : undefined) : created ? s.createdActive : s.updatedActive;
      toast({ title: created ? s.created : s.updated, description });
    } else {
      toast({ title: s.savedPending, description: refusalOf(saved) ?? s.pendingHint, variant: 'destructive' });
    }
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!isAdmin || pending) return;
    form.clearErrors();
    const checked = checkCarrierForm(kind, form.getValues(), stored);
    if (!checked.ok) {
      for (const problem of checked.problems) form.setError(problem.field, { type: 'validate', message: problem.message });
      form.setFocus(checked.problems[0].field);
      toast({ title: s.validationTitle, description: checked.problems[0].message, variant: 'destructive' });
      return;
    }
    if (!editing) {
      create.mutate(createBody(carrier.code, checked), {
        onSuccess: (saved) => {
          announce(saved, true);
          navigate(carrierSetupPath(carrier.code, { mode: 'edit', integrationId: String(saved.id) }), { replace: true });
        },
        onError: (error) => toast({ title: s.createFailed, description: serverMessage(error), variant: 'destructive' }),
      });
      return;
    }
    update.mutate(updateBody(checked), {
      onSuccess: (saved) => {
        announce(saved, false);
        form.reset(carrierFormValues(saved, kind));
      },
      onError: (error) => toast({ title: s.updateFailed, description: serverMessage(error), variant: 'destructive' }),
    });
  };

  const field = (spec: CredentialFieldSpec) => {
    const id = `carrier-${spec.name}`;
    const message = errors[spec.name]?.message;
    const label = (
      <>
        {spec.label}
        {spec.markedRequired ? (
          <span className="text-destructive" aria-hidden>
            {' *'}
          </span>
        ) : kind === 'letter' ? (
          <span className="font-normal text-muted-foreground"> ({s.optional})</span>
        ) : null}
      </>
    );
    let control;
    if (spec.options) {
      control = (
        <NativeSelect id={id} {...form.register(spec.name)} {...fieldAria(id, message)}>
          {spec.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      );
    } else if (spec.secret) {
      const kept = editing && stored.has(spec.name as SecretCredentialField);
      const describedBy = [message ? `${id}-error` : null, editing ? `${id}-hint` : null].filter(Boolean).join(' ');
      control = (
        <>
          <PasswordInput
            id={id}
            autoComplete="new-password"
            placeholder={kept ? '••••••••' : undefined}
            {...form.register(spec.name)}
            aria-invalid={Boolean(message)}
            aria-describedby={describedBy || undefined}
          />
          {editing ? (
            <p id={`${id}-hint`} className="text-xs text-muted-foreground" data-testid={`${id}-hint`}>
              {kept ? (isAdmin ? s.secretKept : s.secretStored) : s.secretMissing}
            </p>
          ) : null}
        </>
      );
    } else {
      control = (
        <Input
          id={id}
          type={spec.type ?? 'text'}
          autoComplete="off"
          placeholder={spec.placeholder}
          {...form.register(spec.name)}
          {...fieldAria(id, message)}
        />
      );
    }
    return (
      <FormField key={spec.name} id={id} label={label} error={message}>
        {control}
      </FormField>
    );
  };

  return (
    <Card data-testid="credentials-card">
      <CardHeader>
        <CardTitle>{s.credentialsTitle}</CardTitle>
        <CardDescription>
          {kind === 'letter'
            ? s.letterDescription
            : !isAdmin
              ? s.credentialsReadOnlyDescription
              : editing
                ? s.credentialsEditDescription
                : s.credentialsNewDescription}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} data-testid="credentials-form">
          <fieldset disabled={!isAdmin || pending} className="grid min-w-0 gap-4 md:grid-cols-2">
            <FormField
              id="carrier-connectionName"
              className="md:col-span-2"
              label={
                <>
                  {s.fields.connectionName}
                  <span className="text-destructive" aria-hidden>
                    {' *'}
                  </span>
                </>
              }
              error={errors.connectionName?.message}
            >
              <Input
                id="carrier-connectionName"
                autoComplete="off"
                placeholder={connectionNamePlaceholder(carrier.code)}
                {...form.register('connectionName')}
                {...fieldAria('carrier-connectionName', errors.connectionName?.message)}
              />
            </FormField>
            {credentialFieldsFor(kind).map(field)}
          </fieldset>
          {kind !== 'letter' ? (
            <p className="mt-4 text-xs text-muted-foreground">
              <span className="text-destructive" aria-hidden>
                *
              </span>{' '}
              {s.requiredLegend}
            </p>
          ) : null}
          {isAdmin ? (
            <div className="mt-6 flex justify-end">
              <Button type="submit" disabled={pending} className="w-full sm:w-auto" data-testid="credentials-submit">
                <Save aria-hidden />
                {editing
                  ? pending
                    ? s.saving
                    : kind === 'letter'
                      ? s.saveLetter
                      : s.save
                  : pending
                    ? s.creating
                    : s.create}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
