import { useId, useState, type FormEvent } from 'react';
import type { ShipmentJson } from '@smista/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  errorStatusOf,
  fieldAria,
  FormField,
  Input,
  toast,
  useIsMobile,
} from '@smista/ui-kit';
import { t } from '../messages';
import { ADDRESS_FIELDS, addressValuesOf, OPTIONAL_FIELDS, validateAddress, type AddressErrors, type AddressField, type AddressValues } from './address-form';
import { errorToast } from './results';
import { useUpdateAddress } from './shipments-api';

/** Input types and autofill hints of the fields. */
const INPUTS: Readonly<Record<AddressField, { type?: string; autoComplete: string; maxLength: number; className?: string }>> = {
  recipientName: { autoComplete: 'name', maxLength: 100 },
  addressLine1: { autoComplete: 'address-line1', maxLength: 200 },
  addressLine2: { autoComplete: 'address-line2', maxLength: 200 },
  postalCode: { autoComplete: 'postal-code', maxLength: 20 },
  city: { autoComplete: 'address-level2', maxLength: 100 },
  state: { autoComplete: 'address-level1', maxLength: 100 },
  country: { autoComplete: 'country-name', maxLength: 100 },
  countryCode: { autoComplete: 'country', maxLength: 2, className: 'uppercase' },
  phoneNumber: { type: 'tel', autoComplete: 'tel', maxLength: 40 },
  recipientEmail: { type: 'email', autoComplete: 'email', maxLength: 200 },
};

/** Fields that take the whole row of the two-column form. */
const WIDE: ReadonlySet<AddressField> = new Set(['recipientName', 'addressLine1', 'addressLine2']);

/**
 * 'Modifica Indirizzo Spedizione #id' (spec §2, §5): the address fields, checked as the server
 * checks them (`shipmentAddressSchema`) with each §5 text under its field and nothing sent; then
 * `PATCH` (desktop) or `PUT` (mobile) `/api/shipments/{id}/address`, 'Indirizzo aggiornato', or
 * 'Errore modifica' (input refused) / 'Errore nell'aggiornamento dell'indirizzo' with the server's
 * reason, the dialog staying open.
 */
export function AddressDialog({ merchantId, shipment, onClose }: { merchantId: string; shipment: ShipmentJson | null; onClose: () => void }) {
  return (
    <Dialog open={shipment !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent size="wide" data-testid="address-dialog">
        {shipment ? <AddressForm key={shipment.id} merchantId={merchantId} shipment={shipment} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddressForm({ merchantId, shipment, onClose }: { merchantId: string; shipment: ShipmentJson; onClose: () => void }) {
  const id = useId();
  const isMobile = useIsMobile();
  const update = useUpdateAddress(merchantId);
  const [values, setValues] = useState<AddressValues>(() => addressValuesOf(shipment));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const set = (field: AddressField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first submit each field says at once whether it is right now.
    if (submitted) {
      const checked = validateAddress(next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = validateAddress(values);
    if (!checked.ok) {
      // Each §5 text shows under its field; the first one gets the focus (a toast would cover the form on a phone).
      setErrors(checked.errors);
      const first = ADDRESS_FIELDS.find((field) => checked.errors[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    update.mutate(
      { shipmentId: shipment.id, address: checked.data, method: isMobile ? 'PUT' : 'PATCH' },
      {
        onSuccess: () => {
          toast({ title: t.toasts.addressUpdated });
          onClose();
        },
        // Input the server refused (400) is 'Errore modifica'; any other failure (a label made meanwhile, the connection) the §8 address error.
        onError: (error) => toast(errorToast(errorStatusOf(error) === 400 ? t.toasts.editError : t.toasts.addressError, error)),
      },
    );
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate data-testid="address-form">
      <DialogHeader>
        <DialogTitle>{t.addressDialog.title(shipment.id)}</DialogTitle>
        <DialogDescription>{t.addressDialog.text}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        {ADDRESS_FIELDS.map((field) => {
          const fieldId = `${id}-${field}`;
          const input = INPUTS[field];
          const label = OPTIONAL_FIELDS.has(field) ? `${t.addressDialog.fields[field]} (${t.addressDialog.optional})` : t.addressDialog.fields[field];
          return (
            <FormField key={field} id={fieldId} label={label} error={errors[field]} className={WIDE.has(field) ? 'sm:col-span-2' : undefined}>
              <Input
                id={fieldId}
                name={field}
                type={input.type ?? 'text'}
                autoComplete={input.autoComplete}
                maxLength={input.maxLength}
                className={input.className}
                value={values[field]}
                onChange={(e) => set(field, e.target.value)}
                disabled={update.isPending}
                {...fieldAria(fieldId, errors[field])}
                data-testid={`address-${field}`}
              />
            </FormField>
          );
        })}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={update.isPending}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={update.isPending} data-testid="address-save">
          {update.isPending ? t.saving : t.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
