import { useState, type ChangeEvent } from 'react';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { logoProblem, merchantLogoLimits, merchantLogoMessages } from '@smista/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ConfirmDialog, errorMessageFrom, LoadFailed, Loading, Spinner, toast } from '@smista/ui-kit';
import { t } from '../messages';
import { useMerchantAccess } from '../team/team-api';
import { readFileAsDataUrl } from '../profile/avatar-file';
import { useChangeLogo, useMerchantLogo } from './logo-api';

/**
 * Impostazioni > Indirizzi: the merchant's logo, printed on its packing slips with the default
 * pickup address (issue 25). Any member sees it; admins upload, replace or remove it. The file is
 * judged by its bytes (PNG or JPEG, size and pixels, the contracts' check the server repeats).
 */
export function LogoCard({ merchantId }: { merchantId: string }) {
  const { isAdmin } = useMerchantAccess();
  const logo = useMerchantLogo(merchantId);
  const change = useChangeLogo(merchantId);
  const [removing, setRemoving] = useState(false);

  const failed = (description: string) => toast({ title: t.logo.failed, description, variant: 'destructive' });
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > merchantLogoLimits.maxBytes) return failed(merchantLogoMessages.tooLarge);
    let dataUrl: string;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const problem = logoProblem(bytes);
      if (problem) return failed(problem);
      const type = bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
      const read = await readFileAsDataUrl(file);
      dataUrl = `data:${type};base64,${read.slice(read.indexOf(',') + 1)}`;
    } catch {
      return failed(t.logo.readFailed);
    }
    change.mutate(dataUrl, { onSuccess: () => toast({ title: t.logo.saved }), onError: (error) => failed(errorMessageFrom(error) ?? t.error) });
  };
  const remove = () =>
    change.mutate(null, {
      onSuccess: () => toast({ title: t.logo.removed }),
      onError: (error) => failed(errorMessageFrom(error) ?? t.error),
      onSettled: () => setRemoving(false),
    });

  const current = logo.data?.logo ?? null;
  let body;
  if (logo.isPending) body = <Loading />;
  else if (logo.isError) body = <LoadFailed title={t.logo.loadFailed} onRetry={() => void logo.refetch()} />;
  else
    body = (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-20 w-full items-center justify-center rounded-md border bg-muted/30 p-2 sm:w-56" data-testid="merchant-logo-preview">
          {current ? (
            <img src={current} alt={t.logo.alt} className="max-h-16 max-w-full object-contain" data-testid="merchant-logo-image" />
          ) : (
            <div className="flex flex-col items-center gap-1 text-center text-muted-foreground" data-testid="merchant-logo-empty">
              <ImageIcon className="h-6 w-6" aria-hidden />
              <span className="text-sm font-medium">{t.logo.none}</span>
            </div>
          )}
        </div>
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{current ? t.logo.hint : `${t.logo.noneHint} ${t.logo.hint}`}</p>
          {isAdmin ? (
            <div className="flex flex-wrap gap-2">
              <input id="merchant-logo-upload" type="file" accept="image/png,image/jpeg" className="sr-only" onChange={(e) => void onFile(e)} disabled={change.isPending} data-testid="merchant-logo-input" />
              <label
                htmlFor="merchant-logo-upload"
                className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 text-xs font-medium shadow-sm hover:bg-accent focus-within:ring-2 focus-within:ring-ring"
              >
                {change.isPending ? <Spinner className="h-4 w-4" /> : <Upload className="h-4 w-4" aria-hidden />}
                {change.isPending ? t.logo.uploading : current ? t.logo.replace : t.logo.upload}
              </label>
              {current ? (
                <Button variant="outline" size="sm" onClick={() => setRemoving(true)} disabled={change.isPending} data-testid="merchant-logo-remove">
                  <Trash2 aria-hidden />
                  {t.logo.remove}
                </Button>
              ) : null}
            </div>
          ) : (
            <p className="text-xs text-muted-foreground" data-testid="merchant-logo-admin-only">
              {t.logo.adminOnly}
            </p>
          )}
        </div>
      </div>
    );

  return (
    <Card data-testid="merchant-logo">
      <CardHeader>
        <CardTitle className="text-base">{t.logo.title}</CardTitle>
        <CardDescription>{t.logo.description}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDialog
        open={removing}
        onOpenChange={(open) => (open ? undefined : setRemoving(false))}
        title={t.logo.removeTitle}
        description={t.logo.removeConfirm}
        confirmLabel={t.logo.remove}
        pendingLabel={t.logo.removing}
        cancelLabel={t.cancel}
        destructive
        pending={change.isPending}
        onConfirm={remove}
      />
    </Card>
  );
}
