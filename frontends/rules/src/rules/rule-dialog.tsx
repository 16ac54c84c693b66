import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { catalogueTexts, type CarrierIntegrationJson, type ShippingRuleCreate, type ShippingRuleJson } from '@smista/contracts';
import {
  cn,
  fieldAria,
  toast,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Label,
  NativeSelect,
  Switch,
} from '@smista/ui-kit';
import { t } from '../messages';
import { emptyRuleForm, expressChoices, ruleFormSchema, ruleFormValues, saveRefusals, type RuleFormValues } from './rule-form';
import { usePackagePresets, useSaveRule } from './rules-api';
import { carrierOptions } from './rules-view';

/** What the dialog is open for: a new rule (with its default priority) or one to edit. */
export type RuleDialogTarget = { mode: 'create'; priority: number } | { mode: 'edit'; rule: ShippingRuleJson };

const d = t.dialog;

/** The rule dialog: centred on desktop, a bottom sheet under 768 px (spec §2). */
export function RuleDialog({
  merchantId,
  target,
  carriers,
  onClose,
  isMobile,
}: {
  merchantId: string;
  target: RuleDialogTarget | null;
  carriers: CarrierIntegrationJson[];
  onClose: () => void;
  isMobile: boolean;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        side={isMobile ? 'bottom' : 'center'}
        size="wide"
        data-testid="rule-dialog"
        data-mode={target?.mode}
        data-side={isMobile ? 'bottom' : 'center'}
        aria-describedby="rule-dialog-description"
      >
        {target ? (
          <RuleForm key={target.mode === 'edit' ? `edit-${target.rule.id}` : 'create'} merchantId={merchantId} target={target} carriers={carriers} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RuleForm({
  merchantId,
  target,
  carriers,
  onDone,
}: {
  merchantId: string;
  target: RuleDialogTarget;
  carriers: CarrierIntegrationJson[];
  onDone: () => void;
}) {
  const editing = target.mode === 'edit';
  const presets = usePackagePresets(merchantId).data ?? [];
  const currentCarrier = editing ? target.rule.carrierIntegrationId : undefined;
  const carrierDeleted = currentCarrier !== undefined && !carriers.some((c) => c.id === currentCarrier);
  const initial = useMemo(
    () => (target.mode === 'edit' ? ruleFormValues(target.rule, !carrierDeleted) : emptyRuleForm(target.priority)),
    // Once per opening: a later refresh of the carriers never resets what is typed.
    [target],
  );
  const options = useMemo(() => carrierOptions(carriers, currentCarrier), [carriers, currentCarrier]);
  const form = useForm<RuleFormValues, unknown, ShippingRuleCreate>({
    // The form's values are text as typed; the schema's output is the API body.
    resolver: zodResolver(ruleFormSchema) as Resolver<RuleFormValues, unknown, ShippingRuleCreate>,
    defaultValues: initial,
  });
  const errors = form.formState.errors;
  const save = useSaveRule(merchantId);

  const submit = (body: ShippingRuleCreate) => {
    save.mutate(
      { id: target.mode === 'edit' ? target.rule.id : undefined, body },
      {
        onSuccess: (rule) => {
          toast({ title: editing ? t.toasts.updated : t.toasts.created, description: rule?.name });
          onDone();
        },
        onError: (error) => {
          // A refusal that names a field stays in the dialog, under it; the rest is a toast.
          for (const refusal of saveRefusals(error)) {
            if (refusal.field) form.setError(refusal.field, { type: 'server', message: refusal.message }, { shouldFocus: true });
            else toast({ title: t.errors.saveFailed, description: refusal.message, variant: 'destructive' });
          }
        },
      },
    );
  };

  const c = errors.conditions;
  /** A condition typed as text, with its label and the schema's message under it. */
  const condition = (name: 'price_min' | 'price_max' | 'weight_max' | 'destinations' | 'exclude_destinations', placeholder: string, hint?: string) => {
    const id = `rule-${name}`;
    const message = c?.[name]?.message;
    return (
      <FormField id={id} label={d.labels[name]} error={message}>
        <Input
          id={id}
          inputMode={name.startsWith('price') || name === 'weight_max' ? 'decimal' : 'text'}
          autoComplete="off"
          placeholder={placeholder}
          {...form.register(`conditions.${name}`)}
          {...fieldAria(id, message)}
          aria-describedby={message ? `${id}-error` : hint ? `${id}-hint` : undefined}
        />
        {hint && !message ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </FormField>
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{editing ? d.editTitle : d.createTitle}</DialogTitle>
        <DialogDescription id="rule-dialog-description">{editing ? d.editDescription(target.rule.name) : d.createDescription}</DialogDescription>
      </DialogHeader>
      <form className="grid min-w-0 gap-5" noValidate onSubmit={form.handleSubmit(submit)} data-testid="rule-form">
        <fieldset className="grid min-w-0 gap-4">
          <legend className="sr-only">{d.rule}</legend>
          <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_10rem]">
            <FormField id="rule-name" label={d.name} error={errors.name?.message}>
              <Input id="rule-name" autoComplete="off" placeholder={d.namePlaceholder} {...form.register('name')} {...fieldAria('rule-name', errors.name?.message)} />
            </FormField>
            <FormField id="rule-priority" label={d.priority} error={errors.priority?.message}>
              <Input
                id="rule-priority"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                {...form.register('priority')}
                {...fieldAria('rule-priority', errors.priority?.message)}
                aria-describedby={errors.priority?.message ? 'rule-priority-error' : 'rule-priority-hint'}
              />
              {errors.priority?.message ? null : (
                <p id="rule-priority-hint" className="text-xs text-muted-foreground">
                  {d.priorityHint}
                </p>
              )}
            </FormField>
          </div>
          <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-start">
            <FormField id="rule-carrier" label={d.carrier} error={errors.carrierIntegrationId?.message}>
              <NativeSelect id="rule-carrier" {...form.register('carrierIntegrationId')} {...fieldAria('rule-carrier', errors.carrierIntegrationId?.message)}>
                <option value="">{d.carrierPlaceholder}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect>
              {carrierDeleted && !errors.carrierIntegrationId && form.watch('carrierIntegrationId') === '' ? <p className="text-xs text-amber-700" data-testid="rule-carrier-deleted">{d.carrierDeleted}</p> : null}
            </FormField>
            <FormField id="rule-package" label={catalogueTexts.orderPackage} error={errors.packagePresetId?.message}>
              <NativeSelect id="rule-package" {...form.register('packagePresetId')} {...fieldAria('rule-package', errors.packagePresetId?.message)} data-testid="rule-package">
                <option value="">{catalogueTexts.orderPackageNone}</option>
                {presets.map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <div className="flex items-start gap-3 rounded-md border border-border p-3 md:mt-6">
                  <Switch id="rule-active" name="active" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} aria-describedby="rule-active-hint" />
                  <div className="grid gap-1">
                    <Label htmlFor="rule-active">{d.active}</Label>
                    <p id="rule-active-hint" className="text-xs text-muted-foreground">
                      {d.activeHint}
                    </p>
                  </div>
                </div>
              )}
            />
          </div>
        </fieldset>

        <fieldset className="grid min-w-0 gap-4 border-t border-border pt-4" aria-describedby="rule-conditions-hint">
          <legend className="float-left w-full text-sm font-semibold">{d.conditions}</legend>
          <p id="rule-conditions-hint" className="text-xs text-muted-foreground">
            {d.conditionsHint}
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            {condition('price_min', d.pricePlaceholder)}
            {condition('price_max', d.pricePlaceholder)}
            {condition('weight_max', d.weightPlaceholder)}
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            {condition('destinations', d.destinationsPlaceholder, d.destinationsHint)}
            {condition('exclude_destinations', d.destinationsPlaceholder, d.destinationsHint)}
          </div>
          <Controller
            control={form.control}
            name="conditions.is_express"
            render={({ field }) => (
              <div className="grid gap-2" role="radiogroup" aria-labelledby="rule-express-label" data-testid="rule-express">
                <span id="rule-express-label" className="text-sm font-medium leading-none">
                  {d.express}
                </span>
                <div className="grid grid-cols-3 gap-1 rounded-md border border-border bg-muted/40 p-1">
                  {expressChoices.map((choice) => {
                    const id = `rule-express-${choice}`;
                    const checked = field.value === choice;
                    return (
                      <label
                        key={choice}
                        htmlFor={id}
                        className={cn(
                          'flex cursor-pointer items-center justify-center rounded px-2 py-1.5 text-center text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                          checked ? 'bg-background font-medium shadow-sm' : 'text-muted-foreground hover:text-foreground',
                        )}
                      >
                        <input
                          id={id}
                          type="radio"
                          className="sr-only"
                          name={field.name}
                          value={choice}
                          checked={checked}
                          onChange={() => field.onChange(choice)}
                          onBlur={field.onBlur}
                        />
                        {d.expressChoices[choice]}
                      </label>
                    );
                  })}
                </div>
              </div>
            )}
          />
        </fieldset>

        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="rule-submit">
            {save.isPending ? d.saving : editing ? d.editSubmit : d.createSubmit}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
