import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Eye, ListChecks, Loader2, Plus, Truck, Wand2 } from 'lucide-react';
import type { ShippingRuleJson } from '@smista/contracts';
import {
  Button,
  buttonVariants,
  Card,
  CardContent,
  ConfirmDialog,
  errorMessageFrom,
  LoadFailed,
  Loading,
  NoActiveCarriers,
  NoMerchant,
  PageHeader,
  refusalMessageOf,
  toast,
  useIsMobile,
  useSelectedMerchant,
} from '@smista/ui-kit';
import { t } from '../messages';
import { SETTINGS_CARRIERS_PATH } from '../paths';
import { PreviewPanel } from './preview-panel';
import { RuleDialog, type RuleDialogTarget } from './rule-dialog';
import { nextPriority, sortRules } from './rule-form';
import { useAssignCarriers, useCarrierIntegrations, useDeleteRule, useRules } from './rules-api';
import { RuleCards, RulesTable } from './rules-list';
import { isUsableCarrier } from './rules-view';

/** /shipping-rules: 'Regole di Spedizione' (spec §2), for the selected merchant. */
export function RulesPage() {
  const merchant = useSelectedMerchant();
  if (!merchant) {
    return (
      <div className="grid min-w-0 gap-6" data-testid="rules-page">
        <PageHeader title={t.title} subtitle={t.subtitle} />
        <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />
      </div>
    );
  }
  // A switch of merchant starts the screen afresh (dialogs, the preview).
  return <RulesScreen key={merchant.id} merchantId={merchant.id} />;
}

const errorText = (error: unknown) => errorMessageFrom(error) ?? (error instanceof Error ? error.message : String(error));

function RulesScreen({ merchantId }: { merchantId: string }) {
  const isMobile = useIsMobile();
  const rules = useRules(merchantId);
  const carriers = useCarrierIntegrations(merchantId);
  const assign = useAssignCarriers(merchantId);
  const remove = useDeleteRule(merchantId);
  const [target, setTarget] = useState<RuleDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<ShippingRuleJson | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const previewRef = useRef<HTMLDivElement>(null);

  const list = sortRules(rules.data ?? []);
  const carrierList = carriers.data ?? [];
  const anyCarrier = carrierList.length > 0;
  const anyActiveCarrier = carrierList.some(isUsableCarrier);
  const loaded = rules.isSuccess && carriers.isSuccess;

  const openCreate = () => setTarget({ mode: 'create', priority: nextPriority(list) });
  const openPreview = () => {
    setPreviewOpen(true);
    // The panel sits under the list: bring it into view once it has rendered.
    requestAnimationFrame(() => scrollIntoScroller(previewRef.current));
  };

  const runAssign = () =>
    assign.mutate(undefined, {
      onSuccess: (answer) => toast({ title: t.toasts.assigned, description: answer?.message }),
      onError: (error) => toast({ title: t.errors.assignFailed, description: errorText(error), variant: 'destructive' }),
    });

  const confirmDelete = (rule: ShippingRuleJson) =>
    remove.mutate(rule, {
      onSuccess: (answer) => toast({ title: answer?.message || t.toasts.deleted, description: rule.name }),
      onError: (error) => toast({ title: t.errors.deleteFailed, description: errorText(error), variant: 'destructive' }),
      onSettled: () => setDeleting(null),
    });

  const header = (
    <PageHeader
      title={t.title}
      subtitle={t.subtitle}
      actions={
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Button variant="outline" onClick={openPreview} title={t.previewHint} disabled={!loaded} data-testid="rules-preview-open">
            <Eye aria-hidden />
            {t.openPreview}
          </Button>
          <Button variant="outline" onClick={runAssign} disabled={assign.isPending || !loaded} title={t.assignHint} data-testid="rules-assign">
            {assign.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Wand2 aria-hidden />}
            {assign.isPending ? t.assigning : t.assign}
          </Button>
          <Button
            onClick={openCreate}
            disabled={!loaded || !anyActiveCarrier}
            title={loaded && !anyActiveCarrier ? t.newRuleNoCarrier : undefined}
            data-testid="rules-new"
          >
            <Plus aria-hidden />
            {t.newRule}
          </Button>
        </div>
      }
    />
  );

  let content: ReactNode;
  if (rules.isPending || carriers.isPending) content = <Loading testId="rules-loading" />;
  else if (rules.isError) {
    content = <LoadFailed title={t.errors.listTitle} text={refusalMessageOf(rules.error) ?? t.errors.connection} onRetry={() => void rules.refetch()} testId="rules-load-failed" />;
  } else if (carriers.isError) {
    content = <LoadFailed title={t.errors.carriersTitle} text={refusalMessageOf(carriers.error) ?? t.errors.connection} onRetry={() => void carriers.refetch()} testId="rules-carriers-failed" />;
  } else if (list.length === 0 && !anyActiveCarrier) {
    content = <NoCarriers anyCarrier={anyCarrier} />;
  } else if (list.length === 0) {
    content = <NoRules onCreate={openCreate} />;
  } else {
    const actions = { onEdit: (rule: ShippingRuleJson) => setTarget({ mode: 'edit', rule }), onDelete: setDeleting };
    content = (
      <>
        {anyActiveCarrier ? null : (
          <div className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="rules-no-active-carriers">
            <p>{t.empty.noActiveCarriersBanner}</p>
            <NoActiveCarriers link={Link} to={SETTINGS_CARRIERS_PATH} testId="rules-connect-carrier" />
          </div>
        )}
        {isMobile ? <RuleCards rules={list} carriers={carrierList} {...actions} /> : <RulesTable rules={list} carriers={carrierList} {...actions} />}
      </>
    );
  }

  return (
    <div className="grid min-w-0 gap-4" data-testid="rules-page">
      {header}
      <Card className="min-w-0">
        {/* One column no wider than the card: the table scrolls inside its own box, never the page. */}
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-3 p-3 sm:p-4" data-testid="rules-list">
          {content}
        </CardContent>
      </Card>
      <div ref={previewRef} className="min-w-0">
        {previewOpen ? <PreviewPanel merchantId={merchantId} carriers={carrierList} onClose={() => setPreviewOpen(false)} isMobile={isMobile} /> : null}
      </div>

      <RuleDialog merchantId={merchantId} target={target} carriers={carrierList} onClose={() => setTarget(null)} isMobile={isMobile} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t.deleteDialog.title}
        description={t.deleteDialog.text(deleting?.name ?? '')}
        confirmLabel={t.deleteDialog.confirm}
        pendingLabel={t.deleteDialog.pending}
        cancelLabel={t.cancel}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </div>
  );
}

/**
 * Scrolls the nearest scrolling ancestor (the shell's <main>) so the element's top is in view.
 * Not `scrollIntoView`, which also scrolls the clipped ancestors of the layout and pushes the
 * header out of a phone's screen.
 */
function scrollIntoScroller(el: HTMLElement | null) {
  if (!el) return;
  let scroller = el.parentElement;
  while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
  if (!scroller) return;
  const top = el.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop - 16;
  scroller.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
}

/** Spec §2 empty state: no carrier to assign (none configured, or none active), with the settings carriers tab. */
function NoCarriers({ anyCarrier }: { anyCarrier: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="rules-no-carriers">
      <Truck className="h-10 w-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{t.empty.noCarriersTitle}</p>
      <p className="max-w-md text-sm text-muted-foreground">{t.empty.noCarriersText}</p>
      {anyCarrier ? (
        <NoActiveCarriers link={Link} to={SETTINGS_CARRIERS_PATH} testId="rules-connect-carrier" />
      ) : (
        <Link to={SETTINGS_CARRIERS_PATH} className={buttonVariants()} data-testid="rules-connect-carrier">
          <Truck aria-hidden />
          {t.empty.goToCarriers}
        </Link>
      )}
    </div>
  );
}

/** Spec §2 empty state: no rules yet, with 'Nuova Regola'. */
function NoRules({ onCreate }: { onCreate: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="rules-empty">
      <ListChecks className="h-10 w-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{t.empty.noRulesTitle}</p>
      <p className="max-w-md text-sm text-muted-foreground">{t.empty.noRulesText}</p>
      <Button onClick={onCreate} data-testid="rules-empty-new">
        <Plus aria-hidden />
        {t.newRule}
      </Button>
    </div>
  );
}
