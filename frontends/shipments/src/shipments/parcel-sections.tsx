import { useId, useState, type FormEvent } from 'react';
import { AlertTriangle, CheckCircle2, Plus, Trash2 } from 'lucide-react';
import { customsContentTypes, type ShipmentJson } from '@smista/contracts';
import { Button, cn, DetailSection, fieldAria, FormField, Input, NativeSelect, toast } from '@smista/ui-kit';
import { t } from '../messages';
import { customsBody, customsValuesOf, emptyItem, missingFields, parcelBody, parcelValuesOf, withPreset, type CustomsItemValues, type CustomsValues, type ParcelValues } from './parcel-form';
import { errorToast } from './results';
import { usePackagePresets, useUpdateCustoms, useUpdateParcel } from './shipments-api';

const p = t.parcel;
/** Before a label (pending, or a refused one) the parcel and the declaration can change. */
const editable = (s: ShipmentJson) => s.status === 'pending' || s.status === 'error';

/**
 * Issue 25: the drawer's 'Pacco' (weight and dimensions the carrier gets, `PUT
 * /api/shipments/{id}/parcel`) and, for a destination outside the EU customs union, 'Dati
 * doganali' (`PUT /api/shipments/{id}/customs`), each field the label still lacks marked; after the
 * label both are read only.
 */
export function ParcelSections({ merchantId, s }: { merchantId: string; s: ShipmentJson }) {
  return (
    <>
      <DetailSection title={p.parcelTitle} testId="details-parcel">
        <ParcelForm key={`${s.id}-${s.updatedAt}`} merchantId={merchantId} s={s} />
      </DetailSection>
      {s.customsNeeded ? (
        <DetailSection title={p.customsTitle} testId="details-customs">
          <CustomsForm key={`${s.id}-${s.updatedAt}`} merchantId={merchantId} s={s} />
        </DetailSection>
      ) : null}
    </>
  );
}

function ParcelForm({ merchantId, s }: { merchantId: string; s: ShipmentJson }) {
  const id = useId();
  const update = useUpdateParcel(merchantId);
  const presets = usePackagePresets(merchantId).data ?? [];
  const [values, setValues] = useState<ParcelValues>(() => parcelValuesOf(s));
  // A package typed before or gone from Impostazioni stays choosable as it is.
  const packageNames = [...presets.map((x) => x.name), ...(values.packageName && !presets.some((x) => x.name === values.packageName) ? [values.packageName] : [])];
  const [error, setError] = useState<{ field: 'weightKg' | 'dimensions'; message: string } | null>(null);
  const canEdit = editable(s);
  const set = (field: keyof ParcelValues, value: string) => setValues({ ...values, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = parcelBody(values);
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      return;
    }
    setError(null);
    update.mutate(
      { shipmentId: s.id, parcel: checked.body },
      { onSuccess: () => toast({ title: p.parcelSaved }), onError: (err) => toast(errorToast(p.parcelError, err)) },
    );
  };

  const weightError = error?.field === 'weightKg' ? error.message : undefined;
  const dimsError = error?.field === 'dimensions' ? error.message : undefined;
  const dims: [keyof ParcelValues, string][] = [
    ['lengthCm', p.lengthCm],
    ['widthCm', p.widthCm],
    ['heightCm', p.heightCm],
  ];
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate data-testid="parcel-form">
      <p className="text-xs text-muted-foreground">{canEdit ? p.parcelHint : p.readOnly}</p>
      {s.parcel.weightGrams === null ? (
        <p className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800" role="alert" data-testid="parcel-weight-missing">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {p.weightMissing}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <FormField id={`${id}-weight`} label={p.weightKg} error={weightError} className="col-span-2 sm:col-span-1">
          <Input
            id={`${id}-weight`}
            inputMode="decimal"
            value={values.weightKg}
            onChange={(e) => set('weightKg', e.target.value)}
            disabled={!canEdit || update.isPending}
            className={cn(s.parcel.weightGrams === null && 'border-destructive')}
            {...fieldAria(`${id}-weight`, weightError)}
            data-testid="parcel-weight"
          />
        </FormField>
        {dims.map(([field, label]) => (
          <FormField key={field} id={`${id}-${field}`} label={label}>
            <Input
              id={`${id}-${field}`}
              inputMode="decimal"
              value={values[field]}
              onChange={(e) => set(field, e.target.value)}
              disabled={!canEdit || update.isPending}
              {...fieldAria(`${id}-${field}`, dimsError)}
              data-testid={`parcel-${field}`}
            />
          </FormField>
        ))}
      </div>
      {dimsError ? (
        <p className="text-sm text-destructive" role="alert">
          {dimsError}
        </p>
      ) : null}
      <FormField id={`${id}-package`} label={p.packageName}>
        <NativeSelect
          id={`${id}-package`}
          value={values.packageName}
          onChange={(e) => setValues(withPreset(values, presets, e.target.value))}
          disabled={!canEdit || update.isPending}
          data-testid="parcel-package"
        >
          <option value="">{p.packageNone}</option>
          {packageNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {canEdit && presets.length > 0 ? <p className="-mt-2 text-xs text-muted-foreground">{p.packageHint}</p> : null}
      {canEdit ? (
        <Button type="submit" size="sm" className="w-full justify-self-start sm:w-auto" disabled={update.isPending} data-testid="parcel-save">
          {update.isPending ? t.saving : p.saveParcel}
        </Button>
      ) : null}
    </form>
  );
}

function CustomsForm({ merchantId, s }: { merchantId: string; s: ShipmentJson }) {
  const id = useId();
  const update = useUpdateCustoms(merchantId);
  const [values, setValues] = useState<CustomsValues>(() => customsValuesOf(s));
  const canEdit = editable(s);
  const marks = missingFields(values);
  const disabled = !canEdit || update.isPending;
  const setItem = (index: number, field: keyof CustomsItemValues, value: string) =>
    setValues({ ...values, items: values.items.map((item, i) => (i === index ? { ...item, [field]: value } : item)) });
  const mark = (key: string) => (marks.has(key) ? 'border-destructive' : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = customsBody(values);
    if (!checked.ok) {
      toast({ title: p.customsError, description: checked.message, variant: 'destructive' });
      return;
    }
    update.mutate(
      { shipmentId: s.id, customs: checked.body },
      { onSuccess: () => toast({ title: p.customsSaved }), onError: (err) => toast(errorToast(p.customsError, err)) },
    );
  };

  const itemFields: [keyof CustomsItemValues, string, string, string?][] = [
    ['description', p.description, 'sm:col-span-2'],
    ['quantity', p.quantity, '', 'numeric'],
    ['valueEuro', `${p.valueEuro} (${values.currency})`, '', 'decimal'],
    ['weightKg', p.itemWeightKg, '', 'decimal'],
    ['hsCode', p.hsCode, '', 'numeric'],
    ['originCountry', p.origin, ''],
  ];

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate data-testid="customs-form">
      <p className="text-xs text-muted-foreground">{p.customsHint(s.customsTerritory ?? s.countryCode)}</p>
      {!canEdit ? (
        <p className="text-xs text-muted-foreground" data-testid="customs-read-only">
          {p.readOnly}
        </p>
      ) : s.customsMissing.length > 0 ? (
        <div className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800" role="alert" data-testid="customs-missing">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="[overflow-wrap:anywhere]">
            {p.customsMissing} {s.customsMissing.join(', ')}
          </span>
        </div>
      ) : (
        <p className="flex items-center gap-2 text-sm text-green-800" data-testid="customs-complete">
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          {p.customsComplete}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-type`} label={p.contentType}>
          <NativeSelect
            id={`${id}-type`}
            value={values.contentType}
            onChange={(e) => setValues({ ...values, contentType: e.target.value as CustomsValues['contentType'] })}
            disabled={disabled}
            className={mark('contentType')}
            data-testid="customs-content-type"
          >
            <option value="">{p.contentTypeChoose}</option>
            {customsContentTypes.map((type) => (
              <option key={type} value={type}>
                {p.contentTypes[type]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={`${id}-invoice`} label={p.invoiceNumber}>
          <Input
            id={`${id}-invoice`}
            value={values.invoiceNumber}
            maxLength={35}
            onChange={(e) => setValues({ ...values, invoiceNumber: e.target.value })}
            disabled={disabled}
            className={mark('invoiceNumber')}
            aria-invalid={marks.has('invoiceNumber')}
            data-testid="customs-invoice"
          />
        </FormField>
      </div>
      <h4 className="text-sm font-medium">{p.items}</h4>
      {values.items.length === 0 ? <p className="text-sm text-destructive">{p.noItems}</p> : null}
      <ol className="grid gap-3">
        {values.items.map((item, index) => (
          <li key={index} className="grid gap-2 rounded-md border border-border p-3" data-testid="customs-item">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium">{p.item(index + 1)}</span>
              {canEdit ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setValues({ ...values, items: values.items.filter((_x, i) => i !== index) })}
                  disabled={disabled}
                  aria-label={p.removeItem(index + 1)}
                  data-testid="customs-item-remove"
                >
                  <Trash2 aria-hidden />
                </Button>
              ) : null}
            </div>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {itemFields.map(([field, label, wide, inputMode]) => (
                <FormField key={field} id={`${id}-${index}-${field}`} label={label} className={cn(field === 'description' && 'col-span-2', wide)}>
                  <Input
                    id={`${id}-${index}-${field}`}
                    value={item[field]}
                    inputMode={inputMode as 'numeric' | 'decimal' | undefined}
                    maxLength={field === 'description' ? 100 : 20}
                    onChange={(e) => setItem(index, field, e.target.value)}
                    disabled={disabled}
                    className={mark(`item.${index}.${field}`)}
                    aria-invalid={marks.has(`item.${index}.${field}`)}
                    data-testid={`customs-item-${field}`}
                  />
                </FormField>
              ))}
            </div>
          </li>
        ))}
      </ol>
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" className="w-full sm:w-auto" onClick={() => setValues({ ...values, items: [...values.items, emptyItem()] })} disabled={disabled} data-testid="customs-add-item">
            <Plus aria-hidden />
            {p.addItem}
          </Button>
          <Button type="submit" size="sm" className="w-full sm:w-auto" disabled={disabled} data-testid="customs-save">
            {update.isPending ? t.saving : p.saveCustoms}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
