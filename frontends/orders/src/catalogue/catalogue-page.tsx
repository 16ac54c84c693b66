import { useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BookOpen, Download, Pencil, Search, Upload } from 'lucide-react';
import {
  catalogueTexts as c,
  formatCm,
  marketplaceIds,
  marketplaceName,
  productFormSchema,
  productFormValues,
  type CsvRowProblem,
  type ProductFields,
  type ProductFormValues,
  type ProductJson,
} from '@smista/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  errorMessageFrom,
  fieldAria,
  FormField,
  Input,
  Label,
  LoadFailed,
  Loading,
  NativeSelect,
  NoMerchant,
  saveBlob,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  Textarea,
  toast,
  useIsMobile,
  useSelectedMerchant,
} from '@smista/ui-kit';
import { t } from '../messages';
import { CATALOGUE_PAGE_SIZE, downloadCatalogueCsv, useProducts, useSaveProduct, useUploadCatalogueCsv, type CatalogueView } from './catalogue-api';

const message = (error: unknown) => errorMessageFrom(error) ?? (error instanceof Error ? error.message : String(error));
const customsComplete = (p: ProductJson) => Boolean(p.hsCode && p.originCountry && p.customsDescription);
const dimensions = (p: ProductJson) => (p.lengthMm && p.widthMm && p.heightMm ? `${formatCm(p.lengthMm)} × ${formatCm(p.widthMm)} × ${formatCm(p.heightMm)}` : '—');

/** /catalogo: the merchant's products learned from the orders (issue 25), their weights and customs data, and the bulk edit by CSV. */
export function CataloguePage() {
  const merchant = useSelectedMerchant();
  if (!merchant) return <NoMerchant title={t.noMerchantTitle} text={c.subtitle} testId="catalogue-no-merchant" />;
  return <Catalogue key={merchant.id} merchantId={merchant.id} />;
}

function Catalogue({ merchantId }: { merchantId: string }) {
  const isMobile = useIsMobile();
  const [view, setView] = useState<CatalogueView>({ search: '', missingWeight: false, missingCustoms: false, marketplace: '', page: 1, pageSize: CATALOGUE_PAGE_SIZE });
  const [editing, setEditing] = useState<ProductJson | null>(null);
  const [report, setReport] = useState<{ message: string; problems: CsvRowProblem[] } | null>(null);
  const products = useProducts(merchantId, view);
  const upload = useUploadCatalogueCsv(merchantId);
  const fileInput = useRef<HTMLInputElement>(null);
  const change = (patch: Partial<CatalogueView>) => setView((v) => ({ ...v, page: 1, ...patch }));
  const filtered = Boolean(view.search.trim() || view.missingWeight || view.missingCustoms || view.marketplace);

  const download = () =>
    downloadCatalogueCsv().then(
      (blob) => saveBlob(blob, 'catalogo.csv'),
      (error: unknown) => toast({ title: c.csvFailed, description: message(error), variant: 'destructive' }),
    );
  const uploadFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    upload.mutate(text, {
      onSuccess: (answer) => {
        if (answer.applied) {
          setReport(null);
          toast({ title: c.csvApplied, description: answer.message });
        } else setReport({ message: answer.message, problems: answer.problems });
      },
      onError: (error) => toast({ title: c.csvFailed, description: message(error), variant: 'destructive' }),
    });
    if (fileInput.current) fileInput.current.value = '';
  };

  const page = products.data;
  const list = page?.data ?? [];
  let body;
  if (products.isPending) body = <Loading />;
  else if (products.isError) body = <LoadFailed title={c.loadFailed} onRetry={() => void products.refetch()} />;
  else if (list.length === 0) {
    body = filtered ? (
      <p className="py-10 text-center text-sm text-muted-foreground" data-testid="catalogue-no-match">
        {c.noMatch}
      </p>
    ) : (
      <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="catalogue-empty">
        <BookOpen className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{c.emptyTitle}</p>
        <p className="max-w-md text-sm text-muted-foreground">{c.emptyText}</p>
      </div>
    );
  } else if (isMobile) {
    body = (
      <ul className="grid gap-3" data-testid="catalogue-cards">
        {list.map((p) => (
          <li key={p.id} className="flex gap-3 rounded-lg border p-3" data-testid="product-card" data-sku={p.sku}>
            <ProductImage product={p} />
            <div className="grid min-w-0 flex-1 gap-1">
              <span className="truncate font-medium">{p.title || p.sku}</span>
              <span className="text-xs text-muted-foreground">{p.sku}</span>
              <div className="flex flex-wrap gap-1">
                <WeightBadge product={p} />
                <CustomsBadge product={p} />
              </div>
              <Button size="sm" variant="outline" className="justify-self-start" onClick={() => setEditing(p)}>
                <Pencil aria-hidden />
                {c.edit}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <Table data-testid="catalogue-table">
        <TableHeader>
          <TableRow>
            <TableHead>{c.columns.product}</TableHead>
            <TableHead>{c.columns.sku}</TableHead>
            <TableHead>{c.columns.weight}</TableHead>
            <TableHead>{c.columns.dimensions}</TableHead>
            <TableHead>{c.columns.customs}</TableHead>
            <TableHead className="text-right">{c.columns.actions}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.map((p) => (
            <TableRow key={p.id} data-testid="product-row" data-sku={p.sku}>
              <TableCell>
                <div className="flex items-center gap-3">
                  <ProductImage product={p} />
                  <div className="grid">
                    <span className="font-medium">{p.title || p.sku}</span>
                    <span className="text-xs text-muted-foreground">{[...new Set(p.marketplaceRefs.map((r) => marketplaceName(r.marketplace)))].join(', ')}</span>
                  </div>
                </div>
              </TableCell>
              <TableCell className="font-mono text-xs">{p.sku}</TableCell>
              <TableCell>
                <WeightBadge product={p} />
              </TableCell>
              <TableCell>{dimensions(p)}</TableCell>
              <TableCell>
                <CustomsBadge product={p} />
              </TableCell>
              <TableCell className="text-right">
                <Button size="sm" variant="ghost" onClick={() => setEditing(p)} aria-label={`${c.edit} ${p.sku}`}>
                  <Pencil aria-hidden />
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  const total = page?.meta.totalItems ?? 0;
  const from = total === 0 ? 0 : (view.page - 1) * view.pageSize + 1;
  const to = Math.min(total, view.page * view.pageSize);

  return (
    <div className="grid min-w-0 gap-6" data-testid="catalogue-page">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{c.title}</h1>
          <p className="text-sm text-muted-foreground">{c.subtitle}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void download()} data-testid="catalogue-download">
            <Download aria-hidden />
            {c.csvDownload}
          </Button>
          <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={upload.isPending} data-testid="catalogue-upload">
            <Upload aria-hidden />
            {upload.isPending ? c.csvUploading : c.csvUpload}
          </Button>
          <input ref={fileInput} type="file" accept=".csv,text/csv" className="hidden" data-testid="catalogue-file" onChange={(e) => void uploadFile(e.target.files?.[0])} />
        </div>
      </div>

      {report ? (
        <Card className="border-destructive/50" data-testid="catalogue-csv-report" role="alert">
          <CardContent className="grid gap-3 pt-6">
            <p className="font-medium text-destructive">
              {c.csvRefusedTitle}: {report.message}
            </p>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{c.csvReportColumns.row}</TableHead>
                  <TableHead>{c.csvReportColumns.column}</TableHead>
                  <TableHead>{c.csvReportColumns.reason}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.problems.map((p, i) => (
                  <TableRow key={i}>
                    <TableCell>{p.row}</TableCell>
                    <TableCell>{p.column}</TableCell>
                    <TableCell>{p.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardContent className={isMobile ? 'grid gap-4 px-3 pt-4' : 'grid gap-4 pt-6'}>
          <div className="flex flex-wrap items-center gap-3">
            <div className="relative min-w-0 flex-1 basis-60">
              <Search className="absolute left-2 top-2.5 h-4 w-4 text-muted-foreground" aria-hidden />
              <Input className="pl-8" placeholder={c.searchPlaceholder} aria-label={c.searchPlaceholder} value={view.search} onChange={(e) => change({ search: e.target.value })} data-testid="catalogue-search" />
            </div>
            <label className="flex items-center gap-2 text-sm">
              <Checkbox checked={view.missingWeight} onCheckedChange={(on) => change({ missingWeight: on === true })} data-testid="catalogue-missing-weight" />
              {c.filterMissingWeight}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <Checkbox checked={view.missingCustoms} onCheckedChange={(on) => change({ missingCustoms: on === true })} data-testid="catalogue-missing-customs" />
              {c.filterMissingCustoms}
            </label>
            <NativeSelect aria-label={t.marketplaceFilter} value={view.marketplace} onChange={(e) => change({ marketplace: e.target.value })} data-testid="catalogue-marketplace">
              <option value="">{c.allMarketplaces}</option>
              {marketplaceIds.map((id) => (
                <option key={id} value={id}>
                  {marketplaceName(id)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {body}
          {total > 0 ? (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="catalogue-pager">
              <span>{c.pageOf(from, to, total)}</span>
              <div className="flex gap-2">
                <Button size="sm" variant="outline" disabled={view.page <= 1} onClick={() => setView((v) => ({ ...v, page: v.page - 1 }))}>
                  {c.previous}
                </Button>
                <Button size="sm" variant="outline" disabled={!page?.meta.hasNextPage} onClick={() => setView((v) => ({ ...v, page: v.page + 1 }))}>
                  {c.next}
                </Button>
              </div>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        <DialogContent side={isMobile ? 'bottom' : 'center'} data-side={isMobile ? 'bottom' : 'center'} data-testid="product-dialog" aria-describedby="product-dialog-description">
          {editing ? <ProductForm key={editing.id} merchantId={merchantId} product={editing} onDone={() => setEditing(null)} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ProductImage({ product }: { product: ProductJson }) {
  // A marketplace's image that no longer loads shows the plain square, not the browser's broken icon (as the order panel does).
  const [failed, setFailed] = useState(false);
  return product.imageUrl && !failed ? (
    <img src={product.imageUrl} alt="" className="h-10 w-10 shrink-0 rounded object-cover" loading="lazy" onError={() => setFailed(true)} data-testid="product-image" />
  ) : (
    <div className="h-10 w-10 shrink-0 rounded bg-muted" aria-hidden data-testid="product-image-none" />
  );
}

function WeightBadge({ product }: { product: ProductJson }) {
  return product.weightGrams === null ? (
    <Badge variant="warning" className="whitespace-nowrap" data-testid="product-weight-missing">
      {c.weightUnknown}
    </Badge>
  ) : (
    <span className="whitespace-nowrap" data-testid="product-weight">{product.weightGrams.toLocaleString('it-IT')} g</span>
  );
}

function CustomsBadge({ product }: { product: ProductJson }) {
  return customsComplete(product) ? (
    <Badge variant="success" className="whitespace-nowrap">
      {c.complete}
    </Badge>
  ) : (
    <Badge variant="secondary" className="whitespace-nowrap">
      {c.incomplete}
    </Badge>
  );
}

function ProductForm({ merchantId, product, onDone }: { merchantId: string; product: ProductJson; onDone: () => void }) {
  const form = useForm<ProductFormValues, unknown, ProductFields>({
    resolver: zodResolver(productFormSchema) as unknown as Resolver<ProductFormValues, unknown, ProductFields>,
    defaultValues: productFormValues(product),
  });
  const errors = form.formState.errors;
  const save = useSaveProduct(merchantId);
  const submit = (values: ProductFields) =>
    save.mutate(
      { id: product.id, values },
      {
        onSuccess: () => {
          toast({ title: c.saved, description: product.sku });
          onDone();
        },
        onError: (error) => toast({ title: c.saveFailed, description: message(error), variant: 'destructive' }),
      },
    );
  const text = (name: Exclude<keyof ProductFormValues, 'shipsInOwnBox' | 'customsDescription'>, inputMode?: 'decimal' | 'numeric') => {
    const id = `product-${name}`;
    const error = errors[name]?.message;
    return (
      <FormField id={id} label={c.fields[name]} error={error}>
        <Input id={id} inputMode={inputMode} autoComplete="off" {...form.register(name)} {...fieldAria(id, error)} />
      </FormField>
    );
  };
  const descriptionError = errors.customsDescription?.message;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{c.editTitle(product.sku)}</DialogTitle>
        <DialogDescription id="product-dialog-description">
          {product.title} — {c.editDescription}
        </DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(submit)} data-testid="product-form">
        {text('weightGrams', 'numeric')}
        <div className="grid grid-cols-3 items-end gap-3">
          {text('lengthCm', 'decimal')}
          {text('widthCm', 'decimal')}
          {text('heightCm', 'decimal')}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('hsCode', 'numeric')}
          {text('originCountry')}
        </div>
        <FormField id="product-customsDescription" label={c.fields.customsDescription} error={descriptionError}>
          <Textarea id="product-customsDescription" rows={2} {...form.register('customsDescription')} {...fieldAria('product-customsDescription', descriptionError)} />
        </FormField>
        <Controller
          control={form.control}
          name="shipsInOwnBox"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Switch id="product-shipsInOwnBox" checked={field.value} onCheckedChange={field.onChange} />
              <Label htmlFor="product-shipsInOwnBox">{c.fields.shipsInOwnBox}</Label>
            </div>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {c.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="product-submit">
            {save.isPending ? c.saving : c.save}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
