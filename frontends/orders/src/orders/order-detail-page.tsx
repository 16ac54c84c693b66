import { Link, useLocation, useParams } from 'react-router-dom';
import { ArrowLeft, SearchX } from 'lucide-react';
import {
  buttonVariants,
  Card,
  CardContent,
  errorStatusOf,
  formatDateTime,
  LoadFailed,
  Loading,
  NoMerchant,
  providerName,
  useSelectedMerchant,
} from '@smista/ui-kit';
import { OrderStatusBadge, PaymentStatusBadge } from '../components/status-badges';
import { formatMoney } from '../format';
import { t } from '../messages';
import { backPathOf, parseOrderId } from '../paths';
import { CreateShipmentButton } from './create-shipment-button';
import { UpdateTrackingButton } from './order-actions';
import { OrderPanel } from './order-panel';
import { useOrder } from './orders-api';

/**
 * /orders/{orderId}: one order, everything of the list's expandable panel on its own page, with
 * 'Torna agli ordini' back to the list it was opened from (its filters kept).
 */
export function OrderDetailPage() {
  const merchant = useSelectedMerchant();
  const { orderId: rawId } = useParams();
  const location = useLocation();
  const back = backPathOf(location.state);
  const orderId = parseOrderId(rawId);
  return (
    <div className="grid min-w-0 gap-4" data-testid="order-detail-page">
      <Link to={back} className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-2 justify-self-start' })} data-testid="order-back">
        <ArrowLeft aria-hidden />
        {t.detail.back}
      </Link>
      {!merchant ? <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} /> : orderId === null ? <NotFound /> : <OrderDetail key={`${merchant.id}:${orderId}`} merchantId={merchant.id} orderId={orderId} />}
    </div>
  );
}

function OrderDetail({ merchantId, orderId }: { merchantId: string; orderId: number }) {
  const order = useOrder(merchantId, orderId);
  if (order.isPending) return <Loading />;
  if (order.isError) {
    const status = errorStatusOf(order.error);
    if (status === 404 || status === 400) return <NotFound />;
    return (
      <Card>
        <LoadFailed title={t.detail.loadFailed} text={t.errors.connection} onRetry={() => void order.refetch()} testId="order-load-failed" />
      </Card>
    );
  }
  const o = order.data;
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]" data-testid="order-title">
            {t.detail.title(o.externalId)}
          </h1>
          <p className="text-sm text-muted-foreground">
            {providerName(o.marketplace)} · {formatDateTime(o.orderDate)} · {o.buyerName}
          </p>
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <OrderStatusBadge status={o.status} />
            <PaymentStatusBadge status={o.paymentStatus} />
            <span className="text-sm font-medium tabular-nums" data-testid="order-total">
              {formatMoney(o.total, o.currency)}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <CreateShipmentButton merchantId={merchantId} order={o} />
          <UpdateTrackingButton merchantId={merchantId} order={o} size="default" />
        </div>
      </div>
      <OrderPanel merchantId={merchantId} order={o} />
    </>
  );
}

function NotFound() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center" data-testid="order-not-found">
        <SearchX className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t.detail.notFound}</p>
        <p className="text-sm text-muted-foreground">{t.detail.notFoundText}</p>
      </CardContent>
    </Card>
  );
}
