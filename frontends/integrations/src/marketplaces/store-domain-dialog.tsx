import { useState, type FormEvent } from 'react';
import type { MarketplaceJson } from '@smista/contracts';
import { fieldAria, Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormField, Input } from '@smista/ui-kit';
import { serverMessageOr } from '../errors';
import { t } from '../messages';
import { useStartOAuth } from './marketplaces-api';
import { storeDomainOf } from './marketplace-rules';

/**
 * The connect dialog of a marketplace whose consent page is the store's own (Shopify): the store's
 * domain (`negozio` or `negozio.myshopify.com`), checked here in Italian before anything is sent,
 * then the consent page. The server's refusal shows under the field. Mounted only while open.
 */
export function StoreDomainDialog({ marketplace, onClose }: { marketplace: MarketplaceJson; onClose: () => void }) {
  const oauth = useStartOAuth();
  const [written, setWritten] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const id = 'marketplace-store-domain';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const shop = storeDomainOf(written);
    if (!shop) {
      setProblem(t.marketplaces.storeDomainInvalid);
      return;
    }
    setProblem(undefined);
    oauth.mutate({ identifier: marketplace.identifier, shop }, { onError: (error) => setProblem(serverMessageOr(error, t.marketplaces.connectFailed)) });
  };

  const busy = oauth.isPending || oauth.isSuccess;
  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent data-testid="store-domain-dialog" data-identifier={marketplace.identifier}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t.marketplaces.connectTitle(marketplace.name)}</DialogTitle>
            <DialogDescription>{t.marketplaces.storeDomainDescription(marketplace.name)}</DialogDescription>
          </DialogHeader>
          <FormField id={id} label={t.marketplaces.storeDomainLabel} error={problem}>
            <Input
              id={id}
              name="shop"
              value={written}
              placeholder="negozio.myshopify.com"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => setWritten(event.target.value)}
              {...fieldAria(id, problem)}
            />
            <p className="text-sm text-muted-foreground" data-testid="store-domain-hint">
              {t.marketplaces.storeDomainHint}
            </p>
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy} data-testid="store-domain-cancel">
              {t.cancel}
            </Button>
            <Button type="submit" disabled={busy} data-testid="store-domain-submit">
              {busy ? t.marketplaces.connectPending : t.marketplaces.storeDomainSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
