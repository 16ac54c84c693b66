import { useState } from 'react';
import { MapPin, Plus } from 'lucide-react';
import type { AddressJson } from '@smista/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ConfirmDialog, LoadFailed, Loading, NoMerchant, toast, useIsMobile, useSelectedMerchant } from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { t } from '../messages';
import { AddressCards, AddressTable } from './address-list';
import { AddressDialog, type AddressDialogTarget } from './address-dialog';
import { useAddresses, useDeleteAddress } from './addresses-api';
import { LogoCard } from './logo-card';
import { TrackingPageCard } from './tracking-page-card';

/** /dashboard/settings/addresses: 'I Tuoi Indirizzi' (spec §2, §5, §7, §8). */
export function AddressesTab() {
  const merchant = useSelectedMerchant();
  if (!merchant) return <NoMerchant title={t.noMerchantTitle} text={t.addresses.noMerchant} testId="addresses-no-merchant" />;
  return (
    <div className="grid gap-4">
      <AddressesPanel key={merchant.id} merchantId={merchant.id} />
      <LogoCard key={`logo-${merchant.id}`} merchantId={merchant.id} />
      <TrackingPageCard key={`tracking-page-${merchant.id}`} merchantId={merchant.id} />
    </div>
  );
}

function AddressesPanel({ merchantId }: { merchantId: string }) {
  const isMobile = useIsMobile();
  const [target, setTarget] = useState<AddressDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<AddressJson | null>(null);
  const addresses = useAddresses(merchantId);
  const remove = useDeleteAddress(merchantId);
  const confirmDelete = (address: AddressJson) =>
    remove.mutate(address, {
      onSuccess: () => toast({ title: t.addresses.deleted }),
      onError: (error) => toast({ title: t.error, description: t.addresses.deleteFailed(serverMessage(error)), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });

  const list = addresses.data ?? [];
  const openCreate = () => setTarget({ mode: 'create' });
  const actions = { onEdit: (address: AddressJson) => setTarget({ mode: 'edit', address }), onDelete: setDeleting };

  let body;
  if (addresses.isPending) body = <Loading />;
  else if (addresses.isError) body = <LoadFailed title={t.addresses.loadFailed} onRetry={() => void addresses.refetch()} />;
  else if (list.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="addresses-empty">
        <MapPin className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t.addresses.emptyTitle}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{t.addresses.emptyText}</p>
        <Button onClick={openCreate}>
          <Plus aria-hidden />
          {t.addresses.createFirst}
        </Button>
      </div>
    );
  } else body = isMobile ? <AddressCards addresses={list} {...actions} /> : <AddressTable addresses={list} {...actions} />;

  return (
    <Card data-testid="addresses-tab">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t.addresses.title}</CardTitle>
          <CardDescription>{t.addresses.description}</CardDescription>
        </div>
        {list.length > 0 ? (
          <Button onClick={openCreate}>
            <Plus aria-hidden />
            {t.addresses.add}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className={isMobile ? 'px-3' : undefined}>{body}</CardContent>

      <AddressDialog merchantId={merchantId} target={target} onClose={() => setTarget(null)} isMobile={isMobile} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t.addresses.deleteTitle}
        description={t.addresses.deleteConfirm(deleting?.companyName ?? '')}
        confirmLabel={t.addresses.remove}
        pendingLabel={t.addresses.removing}
        cancelLabel={t.cancel}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </Card>
  );
}
