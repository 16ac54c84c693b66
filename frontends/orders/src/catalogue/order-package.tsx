import { catalogueTexts as c, type OrderJson } from '@smista/contracts';
import { errorMessageFrom, NativeSelect, toast } from '@smista/ui-kit';
import { usePackagePresets, useSetOrderPackage } from './catalogue-api';

const kg = (n: number) => `${n.toLocaleString('it-IT', { maximumFractionDigits: 3 })} kg`;

/**
 * The order panel's package (issue 25): the order's weight (its lines from the catalogue plus the
 * package's tare, or 'Peso mancante') and the preset it ships in, changeable to another of the
 * merchant's presets or back to the default.
 */
export function OrderPackage({ merchantId, order }: { merchantId: string; order: OrderJson }) {
  const presets = usePackagePresets(merchantId);
  const choose = useSetOrderPackage(merchantId);
  const list = presets.data ?? [];
  const chosen = order.package && !list.find((p) => p.id === order.package!.presetId)?.isDefault ? String(order.package.presetId) : '';
  return (
    <div className="grid gap-2 text-sm" data-testid="order-package-panel">
      <p>
        <span className="text-muted-foreground">{c.weight}: </span>
        <span data-testid="order-weight">{order.weightKg === null ? c.weightUnknown : kg(order.weightKg)}</span>
      </p>
      {list.length > 0 ? (
        <NativeSelect
          aria-label={c.orderPackage}
          value={chosen}
          disabled={choose.isPending}
          onChange={(e) =>
            choose.mutate(
              { orderId: order.id, presetId: Number(e.target.value) || 0 },
              {
                onSuccess: () => toast({ title: c.orderPackageSaved }),
                onError: (error) => toast({ title: c.orderPackageFailed, description: errorMessageFrom(error) ?? String(error), variant: 'destructive' }),
              },
            )
          }
          data-testid="order-package-select"
        >
          <option value="">{c.orderPackageDefault}</option>
          {list.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <p className="text-muted-foreground">{c.orderPackageNone}</p>
      )}
    </div>
  );
}
