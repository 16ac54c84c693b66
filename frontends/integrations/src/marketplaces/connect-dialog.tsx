import { useState, type FormEvent } from 'react';
import type { MarketplaceJson } from '@smista/contracts';
import {
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
  PasswordInput,
} from '@smista/ui-kit';
import { serverMessageOr } from '../errors';
import { t } from '../messages';
import { useConnectMarketplace } from './marketplaces-api';
import { connectConfig, isSecretSetting, missingSettings, settingLabel } from './marketplace-rules';

/**
 * The connect dialog of a marketplace without a consent page (spec §2, §5): one field per required
 * setting (masked when its name contains key or secret), 'Annulla' / 'Connetti'. Empty fields are
 * refused here with 'Campi mancanti' and nothing is sent; otherwise the server's answer decides
 * (for the marketplaces still to come, its Italian 'not available yet' as an error toast).
 * Mounted only while open, so every opening starts empty.
 */
export function ConnectDialog({ marketplace, merchantId, onClose }: { marketplace: MarketplaceJson; merchantId: string; onClose: () => void }) {
  const connect = useConnectMarketplace(merchantId);
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<readonly string[]>([]);
  const required = marketplace.requiredSettings;
  const fieldId = (name: string) => `marketplace-setting-${name}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = missingSettings(required, values);
    setMissing(empty);
    if (empty.length > 0) {
      toast({ title: t.marketplaces.missingTitle, description: t.marketplaces.missingText(empty.map(settingLabel).join(', ')), variant: 'destructive' });
      return;
    }
    connect.mutate(
      { provider: marketplace.identifier, config: connectConfig(required, values) },
      {
        onSuccess: () => {
          toast({ title: t.marketplaces.created, description: marketplace.name });
          onClose();
        },
        onError: (error) =>
          toast({
            title: t.marketplaces.integrationErrorTitle,
            description: serverMessageOr(error, t.marketplaces.connectFailed),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open || connect.isPending ? undefined : onClose())}>
      <DialogContent data-testid="connect-dialog" data-identifier={marketplace.identifier}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t.marketplaces.connectTitle(marketplace.name)}</DialogTitle>
            <DialogDescription>{required.length > 0 ? t.marketplaces.connectDescription : t.marketplaces.connectNoSettings}</DialogDescription>
          </DialogHeader>
          {required.map((name) => {
            const id = fieldId(name);
            const error = missing.includes(name) ? t.marketplaces.fieldRequired : undefined;
            const props = {
              id,
              name,
              value: values[name] ?? '',
              autoComplete: 'off',
              onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
              ...fieldAria(id, error),
            };
            return (
              <FormField key={name} id={id} label={settingLabel(name)} error={error}>
                {isSecretSetting(name) ? <PasswordInput {...props} autoComplete="new-password" /> : <Input {...props} />}
              </FormField>
            );
          })}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={connect.isPending} data-testid="connect-cancel">
              {t.cancel}
            </Button>
            <Button type="submit" disabled={connect.isPending} data-testid="connect-submit">
              {connect.isPending ? t.marketplaces.connectPending : t.marketplaces.connectSubmit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
