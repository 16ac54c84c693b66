import { useState } from 'react';
import { useForm, Controller, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Pencil, Plus, Trash2 } from 'lucide-react';
import { catalogueTexts, formatCm, packagePresetFormSchema, type PackagePresetFields, type PackagePresetFormValues, type PackagePresetJson } from '@smista/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  fieldAria,
  FormField,
  Input,
  Label,
  LoadFailed,
  Loading,
  NoMerchant,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
  useIsMobile,
  useSelectedMerchant,
} from '@smista/ui-kit';
import { serverMessage } from '../errors';
import { t } from '../messages';
import { useDeletePreset, usePackagePresets, useSavePreset } from './packages-api';

const p = catalogueTexts.presets;

type Target = { mode: 'create' } | { mode: 'edit'; preset: PackagePresetJson };

const dims = (x: PackagePresetJson) => `${formatCm(x.lengthMm)} × ${formatCm(x.widthMm)} × ${formatCm(x.heightMm)}`;
const grams = (g: number) => `${g.toLocaleString('it-IT')} g`;

/** /dashboard/settings/packages: the merchant's package presets (issue 25), one default. */
export function PackagesTab() {
  const merchant = useSelectedMerchant();
  if (!merchant) return <NoMerchant title={t.noMerchantTitle} text={p.description} testId="packages-no-merchant" />;
  return <PackagesPanel key={merchant.id} merchantId={merchant.id} />;
}

function PackagesPanel({ merchantId }: { merchantId: string }) {
  const isMobile = useIsMobile();
  const presets = usePackagePresets(merchantId);
  const remove = useDeletePreset(merchantId);
  const [target, setTarget] = useState<Target | null>(null);
  const [deleting, setDeleting] = useState<PackagePresetJson | null>(null);
  const list = presets.data ?? [];
  const openCreate = () => setTarget({ mode: 'create' });
  const edit = (preset: PackagePresetJson) => setTarget({ mode: 'edit', preset });

  let body;
  if (presets.isPending) body = <Loading />;
  else if (presets.isError) body = <LoadFailed title={p.loadFailed} onRetry={() => void presets.refetch()} />;
  else if (list.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="packages-empty">
        <Box className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{p.emptyTitle}</p>
        <p className="max-w-sm text-sm text-muted-foreground">{p.emptyText}</p>
        <Button onClick={openCreate}>
          <Plus aria-hidden />
          {p.createFirst}
        </Button>
      </div>
    );
  } else if (isMobile) {
    body = (
      <ul className="grid gap-3" data-testid="packages-cards">
        {list.map((x) => (
          <li key={x.id} className="rounded-lg border p-3" data-testid="package-card">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{x.name}</span>
              {x.isDefault ? <Badge variant="success">{p.defaultBadge}</Badge> : null}
            </div>
            <p className="text-sm text-muted-foreground">
              {dims(x)} cm · {p.columns.tare} {grams(x.tareGrams)} · {x.maxWeightGrams ? grams(x.maxWeightGrams) : p.noLimit}
            </p>
            <div className="mt-2 flex gap-2">
              <Button size="sm" variant="outline" onClick={() => edit(x)}>
                <Pencil aria-hidden />
                {catalogueTexts.edit}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDeleting(x)}>
                <Trash2 aria-hidden />
                {p.remove}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <Table data-testid="packages-table">
        <TableHeader>
          <TableRow>
            <TableHead>{p.columns.name}</TableHead>
            <TableHead>{p.columns.dimensions}</TableHead>
            <TableHead>{p.columns.tare}</TableHead>
            <TableHead>{p.columns.maxWeight}</TableHead>
            <TableHead className="text-right">{p.columns.actions}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.map((x) => (
            <TableRow key={x.id} data-testid="package-row">
              <TableCell>
                <span className="font-medium">{x.name}</span> {x.isDefault ? <Badge variant="success">{p.defaultBadge}</Badge> : null}
              </TableCell>
              <TableCell>{dims(x)}</TableCell>
              <TableCell>{grams(x.tareGrams)}</TableCell>
              <TableCell>{x.maxWeightGrams ? grams(x.maxWeightGrams) : p.noLimit}</TableCell>
              <TableCell className="text-right">
                <Button size="sm" variant="ghost" onClick={() => edit(x)} aria-label={`${catalogueTexts.edit} ${x.name}`}>
                  <Pencil aria-hidden />
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(x)} aria-label={`${p.remove} ${x.name}`}>
                  <Trash2 aria-hidden />
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <Card data-testid="packages-tab">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{p.title}</CardTitle>
          <CardDescription>{p.description}</CardDescription>
        </div>
        {list.length > 0 ? (
          <Button onClick={openCreate}>
            <Plus aria-hidden />
            {p.add}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className={isMobile ? 'px-3' : undefined}>{body}</CardContent>
      <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : setTarget(null))}>
        <DialogContent side={isMobile ? 'bottom' : 'center'} data-side={isMobile ? 'bottom' : 'center'} data-testid="package-dialog" aria-describedby="package-dialog-description">
          {target ? <PresetForm key={target.mode === 'edit' ? target.preset.id : 'create'} merchantId={merchantId} target={target} onDone={() => setTarget(null)} /> : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={p.deleteTitle}
        description={p.deleteConfirm(deleting?.name ?? '')}
        confirmLabel={p.remove}
        pendingLabel={p.removing}
        cancelLabel={t.cancel}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => toast({ title: p.deleted }),
            onError: (error) => toast({ title: t.error, description: serverMessage(error), variant: 'destructive' }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Card>
  );
}

function PresetForm({ merchantId, target, onDone }: { merchantId: string; target: Target; onDone: () => void }) {
  const editing = target.mode === 'edit';
  const initial: PackagePresetFormValues =
    target.mode === 'edit'
      ? {
          name: target.preset.name,
          lengthCm: formatCm(target.preset.lengthMm),
          widthCm: formatCm(target.preset.widthMm),
          heightCm: formatCm(target.preset.heightMm),
          tareGrams: String(target.preset.tareGrams),
          maxWeightGrams: String(target.preset.maxWeightGrams),
          isDefault: target.preset.isDefault,
        }
      : { name: '', lengthCm: '', widthCm: '', heightCm: '', tareGrams: '0', maxWeightGrams: '0', isDefault: false };
  const form = useForm<PackagePresetFormValues, unknown, PackagePresetFields>({
    resolver: zodResolver(packagePresetFormSchema) as unknown as Resolver<PackagePresetFormValues, unknown, PackagePresetFields>,
    defaultValues: initial,
  });
  const errors = form.formState.errors;
  const save = useSavePreset(merchantId);
  const submit = (values: PackagePresetFields) =>
    save.mutate(
      { id: target.mode === 'edit' ? target.preset.id : undefined, values },
      {
        onSuccess: () => {
          toast({ title: editing ? p.updated : p.created });
          onDone();
        },
        onError: (error) => toast({ title: p.saveFailed, description: serverMessage(error), variant: 'destructive' }),
      },
    );
  const text = (name: Exclude<keyof PackagePresetFormValues, 'isDefault'>, options: { placeholder?: string; inputMode?: 'decimal' | 'numeric' } = {}) => {
    const id = `package-${name}`;
    const message = errors[name]?.message;
    return (
      <FormField id={id} label={p.fields[name]} error={message}>
        <Input id={id} placeholder={options.placeholder} inputMode={options.inputMode} autoComplete="off" {...form.register(name)} {...fieldAria(id, message)} />
      </FormField>
    );
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>{editing ? p.editTitle : p.createTitle}</DialogTitle>
        <DialogDescription id="package-dialog-description">{p.dialogDescription}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(submit)} data-testid="package-form">
        {text('name', { placeholder: p.namePlaceholder })}
        <div className="grid grid-cols-3 items-end gap-3">
          {text('lengthCm', { inputMode: 'decimal' })}
          {text('widthCm', { inputMode: 'decimal' })}
          {text('heightCm', { inputMode: 'decimal' })}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('tareGrams', { inputMode: 'numeric' })}
          {text('maxWeightGrams', { inputMode: 'numeric' })}
        </div>
        <Controller
          control={form.control}
          name="isDefault"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Switch id="package-isDefault" checked={field.value} onCheckedChange={field.onChange} />
              <Label htmlFor="package-isDefault">{p.fields.isDefault}</Label>
            </div>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="package-submit">
            {editing ? p.update : p.create}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
