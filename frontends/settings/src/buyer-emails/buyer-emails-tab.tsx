import { useEffect, useState } from 'react';
import { Controller, useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info, Lock, Save } from 'lucide-react';
import {
  buyerMailKinds,
  buyerMailMessages,
  buyerMailPlaceholders,
  buyerMailSettingsSchema,
  buyerMailTexts as texts,
  type BuyerMailKind,
  type BuyerMailSettingsInput,
  type BuyerMailSettingsJson,
} from '@smista/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  fieldAria,
  FormField,
  Input,
  Label,
  LoadFailed,
  Loading,
  NoMerchant,
  Spinner,
  Switch,
  toast,
  useIsMobile,
} from '@smista/ui-kit';
import { t } from '../messages';
import { useMerchantAccess } from '../team/team-api';
import { draftFieldPath, formValuesOf, placeholderToken, refusalsOf, validateDraft, type BuyerMailFormValues, type FieldRefusal } from './buyer-mail-form';
import { useBuyerMailSettings, usePreviewBuyerMail, useSaveBuyerMailSettings, useSendBuyerMailTest } from './buyer-emails-api';
import { KindCard } from './kind-card';
import { PreviewDialog, type PreviewState } from './preview-dialog';

/**
 * /dashboard/settings/emails (issue 26): the e-mails the merchant's buyers get about their parcel,
 * in the merchant's name. Every member reads them and may preview and try them; only an admin
 * changes them (a user sees the form disabled and no 'Salva'; the API answers 403 anyway).
 */
export function BuyerEmailsTab() {
  const { merchant, isAdmin } = useMerchantAccess();
  if (!merchant) return <NoMerchant title={t.noMerchantTitle} text={texts.description} testId="buyer-emails-no-merchant" />;
  return <BuyerEmailsPanel key={merchant.id} merchantId={merchant.id} canEdit={isAdmin} />;
}

function BuyerEmailsPanel({ merchantId, canEdit }: { merchantId: string; canEdit: boolean }) {
  const settings = useBuyerMailSettings(merchantId);
  if (settings.isPending) return <Loading testId="buyer-emails-loading" />;
  if (settings.isError) return <LoadFailed title={texts.loadFailed} onRetry={() => void settings.refetch()} testId="buyer-emails-failed" />;
  return <BuyerEmailsForm merchantId={merchantId} settings={settings.data} canEdit={canEdit} />;
}

function BuyerEmailsForm({ merchantId, settings, canEdit }: { merchantId: string; settings: BuyerMailSettingsJson; canEdit: boolean }) {
  const isMobile = useIsMobile();
  const form = useForm<BuyerMailFormValues, unknown, BuyerMailSettingsInput>({
    resolver: zodResolver(buyerMailSettingsSchema) as unknown as Resolver<BuyerMailFormValues, unknown, BuyerMailSettingsInput>,
    defaultValues: formValuesOf(settings),
    mode: 'onTouched',
  });
  const { isDirty } = form.formState;
  const save = useSaveBuyerMailSettings(merchantId);
  const preview = usePreviewBuyerMail();
  const test = useSendBuyerMailTest();
  const [previewState, setPreviewState] = useState<PreviewState | null>(null);
  const [testingKind, setTestingKind] = useState<BuyerMailKind | null>(null);

  // Settings read again (another tab saved them) replace the form only while nothing is being changed.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(formValuesOf(settings));
  }, [settings, form]);

  /** Field messages under their fields; the first other one (or a general one) in a toast. */
  const showRefusals = (refusals: FieldRefusal[], title: string) => {
    let focused = false;
    for (const r of refusals) {
      if (r.field === null) continue;
      form.setError(r.field, { type: 'server', message: r.message }, { shouldFocus: !focused });
      focused = true;
    }
    const general = refusals.find((r) => r.field === null);
    toast({ title, description: general?.message ?? texts.invalidForm, variant: 'destructive' });
  };

  const submit = (values: BuyerMailSettingsInput) =>
    save.mutate(values, {
      onSuccess: (answer) => {
        form.reset(formValuesOf(answer));
        toast({ title: buyerMailMessages.saved });
      },
      onError: (error) => showRefusals(refusalsOf(error), texts.saveFailed),
    });

  /** One kind's draft, checked like the save checks it; its mistakes under their fields. */
  const draft = (kind: BuyerMailKind) => {
    const checked = validateDraft(form.getValues(), kind);
    if (checked.ok) {
      for (const path of [`templates.${kind}.subject`, `templates.${kind}.body`, 'senderName', 'replyTo'] as const) form.clearErrors(path);
      return checked.body;
    }
    showRefusals(checked.refusals, texts.invalidForm);
    return null;
  };

  const openPreview = (kind: BuyerMailKind) => {
    const body = draft(kind);
    if (!body) return;
    setPreviewState({ kind, status: 'loading' });
    preview.mutate(body, {
      onSuccess: (answer) => setPreviewState((s) => (s?.kind === kind ? { kind, status: 'ready', preview: answer } : s)),
      onError: (error) => {
        const refusals = refusalsOf(error, (path) => draftFieldPath(kind, path));
        if (refusals.some((r) => r.field !== null)) {
          setPreviewState(null);
          showRefusals(refusals, texts.previewFailed);
        } else setPreviewState((s) => (s?.kind === kind ? { kind, status: 'failed', message: refusals[0]!.message } : s));
      },
    });
  };

  const sendTest = (kind: BuyerMailKind) => {
    const body = draft(kind);
    if (!body) return;
    setTestingKind(kind);
    test.mutate(body, {
      onSuccess: (answer) => toast({ title: answer?.message || buyerMailMessages.testSent(settings.testRecipient) }),
      onError: (error) => showRefusals(refusalsOf(error, (path) => draftFieldPath(kind, path)), texts.testFailed),
      onSettled: () => setTestingKind(null),
    });
  };

  return (
    <form
      className="grid min-w-0 gap-4"
      noValidate
      onSubmit={form.handleSubmit(submit, () => toast({ title: texts.saveFailed, description: texts.invalidForm, variant: 'destructive' }))}
      data-testid="buyer-emails-tab"
      data-can-edit={canEdit ? 'true' : 'false'}
    >
      <Card>
        <CardHeader>
          <CardDescription className="max-w-2xl">{texts.description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <div className="flex items-start gap-3">
                <Switch id="buyer-mail-enabled" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} disabled={!canEdit} data-testid="buyer-mail-enabled" />
                <div className="grid gap-1">
                  <Label htmlFor="buyer-mail-enabled">{texts.enabled}</Label>
                  <p className="text-xs text-muted-foreground">{texts.enabledHint}</p>
                </div>
              </div>
            )}
          />
          {canEdit ? null : (
            <p className="flex items-start gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm" role="note" data-testid="buyer-emails-read-only">
              <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>{texts.readOnly}</span>
            </p>
          )}
        </CardContent>
      </Card>

      <SenderCard form={form} settings={settings} canEdit={canEdit} />

      <PlaceholdersCard />

      {buyerMailKinds.map((kind) => (
        <KindCard
          key={kind}
          kind={kind}
          form={form}
          canEdit={canEdit}
          customised={settings.templates[kind].customised}
          testRecipient={settings.testRecipient}
          previewing={preview.isPending && previewState?.kind === kind}
          testing={testingKind === kind}
          onPreview={() => openPreview(kind)}
          onTest={() => sendTest(kind)}
        />
      ))}

      {canEdit ? (
        <div
          className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 rounded-lg border border-border bg-background/95 px-4 py-3 shadow-sm backdrop-blur"
          data-testid="buyer-emails-save-bar"
        >
          {isDirty ? (
            <span className="mr-auto text-sm font-medium text-amber-700" role="status" data-testid="buyer-emails-unsaved">
              {texts.unsaved}
            </span>
          ) : null}
          <Button type="submit" disabled={save.isPending} data-testid="buyer-emails-save">
            {save.isPending ? <Spinner /> : <Save aria-hidden />}
            {save.isPending ? texts.saving : texts.save}
          </Button>
        </div>
      ) : null}

      <PreviewDialog state={previewState} isMobile={isMobile} onClose={() => setPreviewState(null)} onRetry={() => previewState && openPreview(previewState.kind)} />
    </form>
  );
}

/** 'Mittente': the From name (the merchant's name when empty), Rispondi a, the read-only sending address and what the marketplaces' relays do. */
function SenderCard({ form, settings, canEdit }: { form: UseFormReturn<BuyerMailFormValues>; settings: BuyerMailSettingsJson; canEdit: boolean }) {
  const errors = form.formState.errors;
  const nameError = errors.senderName?.message;
  const replyError = errors.replyTo?.message;
  return (
    <Card data-testid="buyer-mail-sender">
      <CardHeader>
        <CardTitle>{texts.sender}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <FormField id="buyer-mail-senderName" label={texts.senderName} error={nameError}>
            <Input
              id="buyer-mail-senderName"
              autoComplete="organization"
              placeholder={settings.merchantName || texts.senderNamePlaceholder}
              disabled={!canEdit}
              {...form.register('senderName')}
              {...fieldAria('buyer-mail-senderName', nameError)}
            />
          </FormField>
          <div className="grid content-start gap-2">
            <FormField id="buyer-mail-replyTo" label={texts.replyTo} error={replyError}>
              <Input
                id="buyer-mail-replyTo"
                type="email"
                autoComplete="email"
                placeholder={texts.replyToPlaceholder}
                disabled={!canEdit}
                {...form.register('replyTo')}
                {...fieldAria('buyer-mail-replyTo', replyError)}
              />
            </FormField>
            <p className="text-xs text-muted-foreground">{texts.replyToHint}</p>
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="buyer-mail-fromAddress">{texts.fromAddress}</Label>
          <Input id="buyer-mail-fromAddress" value={settings.fromAddress} readOnly className="bg-muted/40 font-mono" data-testid="buyer-mail-from-address" />
          <p className="text-xs text-muted-foreground">{texts.fromAddressHint}</p>
        </div>
        <p className="flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900" role="note" data-testid="buyer-mail-relay-note">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{texts.relayNote}</span>
        </p>
      </CardContent>
    </Card>
  );
}

/** 'Segnaposto disponibili': what each `{{name}}` becomes in the e-mail. */
function PlaceholdersCard() {
  return (
    <Card data-testid="buyer-mail-placeholder-list">
      <CardHeader>
        <CardTitle>{texts.placeholdersTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
          {Object.entries(buyerMailPlaceholders).map(([name, meaning]) => (
            <div key={name} className="contents">
              <dt className="font-mono text-xs leading-5">{placeholderToken(name)}</dt>
              <dd className="mb-1.5 text-muted-foreground sm:mb-0">{meaning}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
