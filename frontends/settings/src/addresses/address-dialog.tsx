import { useMemo, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { addressTypeLabels, addressTypes, merchantAddressSchema, type AddressJson, type MerchantAddressData } from '@smista/contracts';
import {
  cn,
  fieldAria,
  toast,
  Button,
  Checkbox,
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
  Textarea,
} from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { t } from '../messages';
import { addressFormValues, countryNameFor, countryOptions, emptyAddressForm, type AddressFormValues } from './address-form-values';
import { useSaveAddress } from './addresses-api';

/** What the dialog is open for. */
export type AddressDialogTarget = { mode: 'create' } | { mode: 'edit'; address: AddressJson };

const d = t.addresses.dialog;

/** The address dialog: centred on desktop, a bottom drawer under 768 px (spec §2). */
export function AddressDialog({
  merchantId,
  target,
  onClose,
  isMobile,
}: {
  merchantId: string;
  target: AddressDialogTarget | null;
  onClose: () => void;
  isMobile: boolean;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        side={isMobile ? 'bottom' : 'center'}
        size="wide"
        data-testid="address-dialog"
        data-mode={target?.mode}
        aria-describedby="address-dialog-description"
      >
        {target ? (
          <AddressForm
            key={target.mode === 'edit' ? `edit-${target.address.id}` : 'create'}
            merchantId={merchantId}
            target={target}
            onDone={onClose}
            compact={isMobile}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function AddressForm({
  merchantId,
  target,
  onDone,
  compact,
}: {
  merchantId: string;
  target: AddressDialogTarget;
  onDone: () => void;
  compact: boolean;
}) {
  const editing = target.mode === 'edit';
  const initial = useMemo(() => (target.mode === 'edit' ? addressFormValues(target.address) : emptyAddressForm()), [target]);
  const countries = useMemo(() => countryOptions(initial.countryCode, initial.country), [initial]);
  const form = useForm<AddressFormValues, unknown, MerchantAddressData>({
    // The form's values are the schema's input (texts as strings); the output is the API body.
    resolver: zodResolver(merchantAddressSchema) as unknown as Resolver<AddressFormValues, unknown, MerchantAddressData>,
    defaultValues: initial,
  });
  const errors = form.formState.errors;
  const save = useSaveAddress(merchantId);

  const submit = (values: MerchantAddressData) => {
    if (target.mode === 'edit' && !target.address?.id) {
      toast({ title: t.error, description: t.addresses.nothingToEdit, variant: 'destructive' });
      return;
    }
    save.mutate(
      { id: target.mode === 'edit' ? target.address.id : undefined, values },
      {
        onSuccess: () => {
          toast({ title: editing ? t.addresses.updated : t.addresses.created });
          onDone();
        },
        onError: (error) =>
          toast({
            title: t.error,
            description: (editing ? t.addresses.updateFailed : t.addresses.createFailed)(serverMessage(error)),
            variant: 'destructive',
          }),
      },
    );
  };

  /** A text input bound to one field, with its label and the schema's message under it. */
  const text = (name: keyof AddressFormValues & string, label: string, options: { placeholder?: string; type?: string; autoComplete?: string } = {}) => {
    const id = `address-${name}`;
    const message = errors[name]?.message;
    return (
      <FormField id={id} label={label} error={message}>
        <Input id={id} type={options.type ?? 'text'} placeholder={options.placeholder} autoComplete={options.autoComplete ?? 'off'} {...form.register(name)} {...fieldAria(id, message)} />
      </FormField>
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>{editing ? d.editTitle : d.createTitle}</DialogTitle>
        <DialogDescription id="address-dialog-description">{editing ? d.editDescription : d.createDescription}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-5" noValidate onSubmit={form.handleSubmit(submit)} data-testid="address-form">
        <Section title={d.sections.types} compact={compact}>
          <Controller
            control={form.control}
            name="addressTypes"
            render={({ field }) => (
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" role="group" aria-label={d.sections.types}>
                {addressTypes.map((type) => {
                  const id = `address-type-${type}`;
                  const checked = field.value.includes(type);
                  return (
                    <div key={type} className="flex items-center gap-2">
                      <Checkbox
                        id={id}
                        name="addressTypes"
                        value={type}
                        checked={checked}
                        onCheckedChange={(on) =>
                          field.onChange(on === true ? [...field.value, type] : field.value.filter((x) => x !== type))
                        }
                        onBlur={field.onBlur}
                        aria-invalid={Boolean(errors.addressTypes)}
                      />
                      <Label htmlFor={id} className="font-normal">
                        {addressTypeLabels[type]}
                      </Label>
                    </div>
                  );
                })}
              </div>
            )}
          />
          {errors.addressTypes?.message ? (
            <p
              role="alert"
              className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
              data-testid="address-types-error"
            >
              <AlertCircle className="h-4 w-4 shrink-0" aria-hidden />
              {errors.addressTypes.message}
            </p>
          ) : null}
        </Section>

        <Section title={d.sections.company} compact={compact}>
          <div className="grid gap-4 md:grid-cols-2">
            {text('companyName', d.companyName, { autoComplete: 'organization' })}
            {text('contactPerson', d.contactPerson, { autoComplete: 'name' })}
          </div>
        </Section>

        <Section title={d.sections.address} compact={compact}>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="md:col-span-2">{text('addressLine1', d.addressLine1, { placeholder: d.addressLine1Placeholder, autoComplete: 'address-line1' })}</div>
            <div className="md:col-span-2">{text('addressLine2', d.addressLine2, { placeholder: d.addressLine2Placeholder, autoComplete: 'address-line2' })}</div>
            {text('postalCode', d.postalCode, { autoComplete: 'postal-code' })}
            {text('city', d.city, { autoComplete: 'address-level2' })}
            {text('state', d.state, { autoComplete: 'address-level1' })}
            <Controller
              control={form.control}
              name="countryCode"
              render={({ field }) => (
                <FormField id="address-country" label={d.country} error={errors.country?.message ?? errors.countryCode?.message}>
                  <NativeSelect
                    id="address-country"
                    name="country"
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      const code = e.target.value;
                      field.onChange(code);
                      // The select also sets the country's name (spec §2: it sets countryCode too).
                      const name = countryNameFor(code) ?? countries.find((c) => c.code === code)?.name ?? code;
                      form.setValue('country', name, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                    }}
                    {...fieldAria('address-country', errors.country?.message ?? errors.countryCode?.message)}
                  >
                    {countries.map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.name}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              )}
            />
          </div>
        </Section>

        <Section title={d.sections.contacts} compact={compact}>
          <div className="grid gap-4 md:grid-cols-2">
            {text('phone', d.phone, { type: 'tel', autoComplete: 'tel' })}
            {text('email', d.email, { type: 'email', autoComplete: 'email' })}
          </div>
        </Section>

        <Section title={d.sections.tax} compact={compact}>
          <div className="grid gap-4 md:grid-cols-2">
            {text('vatNumber', d.vatNumber)}
            {text('taxCode', d.taxCode)}
          </div>
        </Section>

        <Section title={d.sections.extra} compact={compact}>
          <div className="grid gap-4">
            {text('pickupHours', d.pickupHours, { placeholder: d.pickupHoursPlaceholder })}
            <FormField id="address-notes" label={d.notes} error={errors.notes?.message}>
              <Textarea id="address-notes" rows={3} {...form.register('notes')} {...fieldAria('address-notes', errors.notes?.message)} />
            </FormField>
            <Controller
              control={form.control}
              name="isDefault"
              render={({ field }) => (
                <div className="flex items-start gap-3 rounded-md border border-border p-3">
                  <Switch
                    id="address-isDefault"
                    name="isDefault"
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-describedby="address-isDefault-hint"
                  />
                  <div className="grid gap-1">
                    <Label htmlFor="address-isDefault">{d.isDefault}</Label>
                    <p id="address-isDefault-hint" className="text-xs text-muted-foreground">
                      {d.isDefaultHint}
                    </p>
                  </div>
                </div>
              )}
            />
          </div>
        </Section>

        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="address-submit">
            {save.isPending ? d.saving : editing ? d.editSubmit : d.createSubmit}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

/** A group of fields: titled on desktop; under 768 px the title is for screen readers only. */
function Section({ title, compact, children }: { title: string; compact: boolean; children: ReactNode }) {
  return (
    <fieldset className={cn('grid min-w-0 gap-3', !compact && 'border-t border-border pt-4 first:border-t-0 first:pt-0')}>
      <legend className={cn(compact ? 'sr-only' : 'float-left w-full text-sm font-semibold')}>{title}</legend>
      {children}
    </fieldset>
  );
}
