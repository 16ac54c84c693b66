import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import {
  Button,
  buttonVariants,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  errorMessageFrom,
  errorStatusOf,
  fieldAria,
  FormField,
  Input,
  NativeSelect,
  NoMerchant,
  PageHeader,
  Textarea,
  toast,
  useSelectedMerchant,
} from '@smista/ui-kit';
import { formatMoney } from '../format';
import { t as ordersText } from '../messages';
import { DASHBOARD_ORDERS_PATH, orderDetailPath, type OrderLinkState } from '../paths';
import { usePackagePresets } from '../catalogue/catalogue-api';
import { ItemRows } from './item-rows';
import { newOrderText as t } from './messages';
import { useCreateManualOrder } from './new-order-api';
import {
  ADDRESS_FIELDS,
  COUNTRY_CODES,
  countryNameOf,
  emptyValues,
  formatKg,
  OPTIONAL_ADDRESS_FIELDS,
  orderTotal,
  orderWeight,
  tareOf,
  validateNewOrder,
  type AddressField,
  type NewOrderErrors,
  type NewOrderValues,
} from './new-order-form';
import { ProductPicker } from './product-picker';

/** Input types and autofill hints of the recipient's fields. */
const INPUTS: Readonly<Record<Exclude<AddressField, 'countryCode'>, { type?: string; autoComplete: string; maxLength: number }>> = {
  recipientName: { autoComplete: 'name', maxLength: 100 },
  recipientEmail: { type: 'email', autoComplete: 'email', maxLength: 200 },
  phoneNumber: { type: 'tel', autoComplete: 'tel', maxLength: 40 },
  addressLine1: { autoComplete: 'address-line1', maxLength: 200 },
  addressLine2: { autoComplete: 'address-line2', maxLength: 200 },
  postalCode: { autoComplete: 'postal-code', maxLength: 20 },
  city: { autoComplete: 'address-level2', maxLength: 100 },
  state: { autoComplete: 'address-level1', maxLength: 100 },
};
/** Fields that take the whole row of the two-column form. */
const WIDE: ReadonlySet<AddressField> = new Set(['recipientName', 'addressLine1', 'addressLine2']);

/**
 * /dashboard/orders/new (and /orders/new): 'Nuovo ordine' (issue 25), opened by 'Nuovo ordine' on
 * the orders screen and 'Nuova' on the shipments screen. The recipient, the address, the lines and
 * notes, checked as the server checks them (the contracts' `manualOrderSchema`) with each Italian
 * text under its field. Each line is picked from the catalogue (its weight the catalogue's) or
 * typed with its weight; 'Pacco' is automatic (a rule's box, else the default) or one of the presets, and
 * the order's weight shows as the orders service will compute it, or which lines have none. Then
 * `POST /api/orders`, and the new order's page, where 'Crea spedizione' ships it.
 */
export function NewOrderPage() {
  const merchant = useSelectedMerchant();
  return (
    <div className="grid min-w-0 gap-4" data-testid="new-order-page">
      <Link to={DASHBOARD_ORDERS_PATH} className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-2 justify-self-start' })} data-testid="new-order-back">
        <ArrowLeft aria-hidden />
        {t.back}
      </Link>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      {merchant ? <NewOrderForm key={merchant.id} merchantId={merchant.id} /> : <NoMerchant title={ordersText.noMerchantTitle} text={ordersText.noMerchant} />}
    </div>
  );
}

function NewOrderForm({ merchantId }: { merchantId: string }) {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateManualOrder(merchantId);
  const [values, setValues] = useState<NewOrderValues>(emptyValues);
  const [errors, setErrors] = useState<NewOrderErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const presets = usePackagePresets(merchantId);
  const presetList = presets.data ?? [];
  const busy = create.isPending;


  const update = (next: NewOrderValues) => {
    setValues(next);
    // After a first submit each field says at once whether it is right now.
    if (submitted) {
      const checked = validateNewOrder(next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  };
  const setAddress = (field: AddressField, value: string) => update({ ...values, address: { ...values.address, [field]: value } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = validateNewOrder(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      // The first field in error gets the focus (a toast would cover the form on a phone).
      const first = document.querySelector<HTMLElement>(`[data-new-order-form="${id}"] [aria-invalid="true"]`);
      first?.focus();
      return;
    }
    setErrors({});
    create.mutate(checked.body, {
      onSuccess: (order) => {
        toast({ title: t.created(order.externalId), description: t.createdHint });
        const state: OrderLinkState = { from: DASHBOARD_ORDERS_PATH };
        navigate(orderDetailPath(order.id), { state });
      },
      onError: (error) => {
        const status = errorStatusOf(error);
        toast({ title: status === 400 ? t.fixErrors : t.createFailed, description: errorMessageFrom(error), variant: 'destructive' });
      },
    });
  };

  const total = orderTotal(values.items);
  const weight = orderWeight(values.items, tareOf(presetList, values.packagePresetId));
  const defaultPreset = presetList.find((p) => p.isDefault);
  const fieldId = (field: string) => `${id}-${field}`;
  const label = (field: AddressField) => (OPTIONAL_ADDRESS_FIELDS.has(field) ? `${t.fields[field]} (${t.optional})` : t.fields[field]);

  return (
    <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate data-new-order-form={id} data-testid="new-order-form">
      <Card className="min-w-0">
        <CardHeader className="p-4 pb-2">
          <CardTitle className="text-base">{t.recipient}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 p-4 pt-0 sm:grid-cols-2">
          {ADDRESS_FIELDS.map((field) => {
            const error = errors[`address.${field}`];
            const fid = fieldId(field);
            if (field === 'countryCode') {
              return (
                <FormField key={field} id={fid} label={label(field)} error={error}>
                  <NativeSelect id={fid} value={values.address.countryCode} onChange={(e) => setAddress('countryCode', e.target.value)} disabled={busy} {...fieldAria(fid, error)} data-testid="new-order-countryCode">
                    <option value="">{t.chooseCountry}</option>
                    {COUNTRY_CODES.map((code) => (
                      <option key={code} value={code}>
                        {countryNameOf(code) || code}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              );
            }
            const input = INPUTS[field];
            return (
              <FormField key={field} id={fid} label={label(field)} error={error} className={WIDE.has(field) ? 'sm:col-span-2' : undefined}>
                <Input
                  id={fid}
                  name={field}
                  type={input.type ?? 'text'}
                  autoComplete={input.autoComplete}
                  maxLength={input.maxLength}
                  value={values.address[field]}
                  onChange={(e) => setAddress(field, e.target.value)}
                  disabled={busy}
                  {...fieldAria(fid, error)}
                  data-testid={`new-order-${field}`}
                />
              </FormField>
            );
          })}
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardHeader className="flex flex-row items-center justify-between gap-2 p-4 pb-2">
          <CardTitle className="text-base">{t.items}</CardTitle>
          <span className="text-sm tabular-nums text-muted-foreground" data-testid="new-order-total">
            {t.total}: <span className="font-medium text-foreground">{total === null ? '—' : formatMoney(total, 'EUR')}</span>
          </span>
        </CardHeader>
        <CardContent className="grid gap-2 p-4 pt-0">
          <ItemRows
            items={values.items}
            errors={errors}
            disabled={busy}
            idPrefix={id}
            onChange={(items) => update({ ...values, items })}
            renderPicker={({ index, pick }) => <ProductPicker merchantId={merchantId} line={index + 1} disabled={busy} onPick={pick} />}
          />
          {errors.items ? (
            <p className="text-sm font-medium text-destructive" role="alert" data-testid="new-order-items-error">
              {errors.items}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardHeader className="p-4 pb-2">
          <CardTitle className="text-base">{t.packageCard}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 p-4 pt-0 sm:grid-cols-2 sm:items-start">
          <FormField id={fieldId('package')} label={t.package} error={errors.packagePresetId}>
            <NativeSelect
              id={fieldId('package')}
              value={values.packagePresetId === null ? '' : String(values.packagePresetId)}
              onChange={(e) => update({ ...values, packagePresetId: Number(e.target.value) || null })}
              disabled={busy || presets.isPending}
              {...fieldAria(fieldId('package'), errors.packagePresetId)}
              data-testid="new-order-package"
            >
              {/* No box chosen: a rule's box, else the merchant's default (its tare), as for an imported order. */}
              <option value="">{defaultPreset ? t.packageAutomatic(defaultPreset.name) : t.packageNone}</option>
              {presetList.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.isDefault ? t.packageDefault(p.name) : p.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="grid gap-1 text-sm sm:pt-7" data-testid="new-order-weight" data-grams={weight.grams ?? ''} data-missing={weight.missing.join(',')}>
            {weight.missing.length ? (
              <p className="font-medium text-destructive" data-testid="new-order-weight-missing">
                {t.weightMissing(weight.missing)}
              </p>
            ) : weight.grams === null ? (
              <p>
                <span className="text-muted-foreground">{t.weight}: </span>—
              </p>
            ) : (
              <p>
                <span className="text-muted-foreground">{t.weight}: </span>
                <span className="font-medium tabular-nums" data-testid="new-order-weight-total">
                  {formatKg(weight.grams)}
                </span>{' '}
                <span className="text-muted-foreground">({t.weightDetail(formatKg(weight.itemsGrams), formatKg(weight.tareGrams))})</span>
              </p>
            )}
            <p className="text-muted-foreground">{presetList.length || presets.isPending ? t.packageHint : t.noPresets}</p>
            {defaultPreset && values.packagePresetId === null ? <p className="text-muted-foreground" data-testid="new-order-package-automatic">{t.packageAutomaticHint(defaultPreset.name)}</p> : null}
          </div>
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardContent className="grid gap-3 p-4">
          <FormField id={fieldId('notes')} label={`${t.notes} (${t.optional})`} error={errors.notes}>
            <Textarea
              id={fieldId('notes')}
              value={values.notes}
              maxLength={1000}
              rows={3}
              placeholder={t.notesPlaceholder}
              onChange={(e) => update({ ...values, notes: e.target.value })}
              disabled={busy}
              {...fieldAria(fieldId('notes'), errors.notes)}
              data-testid="new-order-notes"
            />
          </FormField>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={DASHBOARD_ORDERS_PATH} className={buttonVariants({ variant: 'outline' })} data-testid="new-order-cancel">
          {t.cancel}
        </Link>
        <Button type="submit" disabled={busy} data-testid="new-order-save">
          {busy ? t.saving : t.save}
        </Button>
      </div>
    </form>
  );
}
