import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ImageOff } from 'lucide-react';
import { catalogueTexts, type OrderItemJson, type OrderJson, type ShippingAddressDetailsJson } from '@smista/contracts';
import { cn, DetailSection, Facts, formatDate, formatDateTime, Loading, providerName, ShipmentStatusBadge, uiText } from '@smista/ui-kit';
import { OrderProblemBadge, OrderStatusBadge, PaymentStatusBadge } from '../components/status-badges';
import { formatMoney } from '../format';
import { t } from '../messages';
import { shipmentsOfOrderPath } from '../paths';
import { CarrierManagement } from './order-actions';
import { useOrder } from './orders-api';
import { orderProblems } from './problems';
import { OrderPackage } from '../catalogue/order-package';

/**
 * Everything about one order (spec §2 expandable row panel): customer, status, marketplace
 * information, shipping address, carrier management, its shipments and the ordered products. The
 * list shows it under a row; `/orders/{id}` shows it as the page.
 */
export function OrderPanel({ merchantId, order, className }: { merchantId: string; order: OrderJson; className?: string }) {
  return (
    <div className={cn('grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3', className)} data-testid="order-panel" data-order-id={order.id}>
      {/* Three stacks side by side on wide screens (two, then one, on narrower ones). */}
      <div className="grid min-w-0 gap-4">
        <DetailSection title={t.panel.customer} testId="order-customer">
          <Facts
            rows={[
              [t.panel.name, order.buyerName],
              [t.panel.email, order.buyerEmail],
              [t.panel.username, order.externalUsername],
            ]}
          />
        </DetailSection>
        <DetailSection title={t.panel.status} testId="order-status-section">
          <div className="grid gap-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="text-muted-foreground">{t.panel.orderStatus}</span>
              <OrderStatusBadge status={order.status} testId="panel-order-status" />
            </div>
            <div className="flex items-center justify-between gap-2">
              <span className="text-muted-foreground">{t.panel.paymentStatus}</span>
              <PaymentStatusBadge status={order.paymentStatus} testId="panel-order-payment" />
            </div>
            {order.status === 'da_pagare' ? (
              <p className="rounded-md border border-orange-200 bg-orange-50 px-2 py-1.5 text-xs text-orange-900" data-testid="order-held-for-payment">
                {t.heldForPayment(t.paymentBadges[order.paymentStatus] ?? order.paymentStatus)}
              </p>
            ) : null}
          </div>
        </DetailSection>
      </div>
      <div className="grid min-w-0 gap-4">
        <DetailSection title={t.panel.marketplace} testId="order-marketplace">
          <Facts
            rows={[
              [t.panel.marketplace, providerName(order.marketplace)],
              [t.panel.externalId, order.externalId, 'font-mono'],
              [t.panel.externalStatus, order.externalOrderStatus],
              [t.panel.externalPaymentStatus, order.externalPaymentStatus],
              [t.panel.orderDate, formatDateTime(order.orderDate)],
              [t.panel.shipBy, formatDate(order.shipByDate)],
              [t.panel.lastSynced, formatDateTime(order.lastSyncedAt)],
            ]}
          />
        </DetailSection>
        <DetailSection title={t.shipments.title} testId="order-shipments">
          <OrderShipments order={order} />
        </DetailSection>
      </div>
      <div className="grid min-w-0 gap-4">
        <DetailSection title={t.panel.address} testId="order-address">
          {/* The marketplace withheld the address: say so where the address would be. */}
          {orderProblems(order).map((problem) => (
            <OrderProblemBadge key={problem} text={problem} />
          ))}
          <Address address={order.shippingAddressDetails} />
        </DetailSection>
        <DetailSection title={t.panel.carrier} testId="order-carrier">
          <CarrierManagement merchantId={merchantId} order={order} />
        </DetailSection>
        <DetailSection title={catalogueTexts.orderPackage} testId="order-package">
          <OrderPackage merchantId={merchantId} order={order} />
        </DetailSection>
      </div>
      <DetailSection title={t.panel.products} testId="order-products" className="md:col-span-2 xl:col-span-3">
        <Products merchantId={merchantId} order={order} />
      </DetailSection>
    </div>
  );
}

/**
 * The order's shipments (newest first, as orders knows them from the shipments events): status,
 * tracking number, carrier, whether a label is ready, and a link to the shipments list searched
 * for this order.
 */
function OrderShipments({ order }: { order: OrderJson }) {
  const shipments = order.shipments ?? [];
  if (shipments.length === 0) {
    return (
      <div className="grid gap-0.5 text-sm" data-testid="order-shipments-none">
        <p className="text-muted-foreground">{t.shipments.none}</p>
        <p className="text-xs text-muted-foreground">{t.shipments.noneHint}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2" data-testid="order-shipments-list">
        {shipments.map((s) => (
          <li key={s.id} className="grid gap-1 rounded-md border border-border p-2 text-sm" data-testid="order-shipment" data-shipment-id={s.id}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{t.shipments.shipment(s.id)}</span>
              <ShipmentStatusBadge status={s.status} testId="order-shipment-status" />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
              <dt className="text-muted-foreground">{t.shipments.tracking}</dt>
              <dd className={cn('min-w-0 [overflow-wrap:anywhere]', s.trackingNumber ? 'font-mono' : 'text-muted-foreground')} data-testid="order-shipment-tracking">
                {s.trackingNumber || t.shipments.noTracking}
              </dd>
              {s.carrierProvider ? (
                <>
                  <dt className="text-muted-foreground">{t.shipments.carrier}</dt>
                  <dd className="min-w-0">{providerName(s.carrierProvider)}</dd>
                </>
              ) : null}
            </dl>
            {s.hasLabel ? <span className="text-xs text-emerald-700">{t.shipments.label}</span> : null}
          </li>
        ))}
      </ul>
      <Link
        to={shipmentsOfOrderPath(order.externalId)}
        className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        aria-label={t.shipments.openLabel(shipments[0].id)}
        data-testid="order-shipments-link"
      >
        {t.shipments.open}
      </Link>
    </div>
  );
}

/** Spec §3 shipping address details, as a label would print them. */
function Address({ address }: { address: ShippingAddressDetailsJson | null }) {
  if (!address) return <p className="text-sm text-muted-foreground">{t.panel.noAddress}</p>;
  const province = address.stateOrProvince ?? address.state;
  const cityLine = [address.postalCode, address.city, province ? `(${province})` : ''].filter(Boolean).join(' ');
  const country = [address.country, address.countryCode && address.countryCode !== address.country ? `(${address.countryCode})` : ''].filter(Boolean).join(' ');
  return (
    <address className="grid gap-0.5 text-sm not-italic [overflow-wrap:anywhere]" data-testid="order-address-lines">
      <span className="font-medium">{address.fullName}</span>
      {address.companyName ? <span>{address.companyName}</span> : null}
      <span>{address.addressLine1}</span>
      {address.addressLine2 ? <span>{address.addressLine2}</span> : null}
      <span>{cityLine}</span>
      <span>{country}</span>
      {address.phoneNumber ? (
        <span className="text-muted-foreground">
          {t.panel.phone}: {address.phoneNumber}
        </span>
      ) : null}
      {address.email ? <span className="text-muted-foreground">{address.email}</span> : null}
    </address>
  );
}

/**
 * The ordered products. They come with the row; a row that came without them asks for the order
 * (`GET /api/orders/{id}`, kept 5 minutes, spec §9), and a failure says 'Impossibile caricare i
 * prodotti dell'ordine'.
 */
function Products({ merchantId, order }: { merchantId: string; order: OrderJson }) {
  const needsDetail = order.items.length === 0 && order.itemsCount > 0;
  const detail = useOrder(merchantId, order.id, needsDetail);
  const items = order.items.length > 0 ? order.items : (detail.data?.items ?? []);
  if (needsDetail && detail.isPending) return <Loading testId="order-products-loading" />;
  if (needsDetail && detail.isError) {
    return (
      <p className="text-sm text-destructive" role="alert" data-testid="order-products-failed">
        {t.errors.items}
      </p>
    );
  }
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t.panel.noProducts}</p>;
  return (
    <ul className="grid gap-2" data-testid="order-items">
      {items.map((item) => (
        <ProductRow key={item.id} item={item} currency={order.currency} />
      ))}
    </ul>
  );
}

/**
 * The product's picture from the marketplace, or a placeholder when there is none or it does not
 * load (a listing removed, the marketplace's image host unreachable or not allowed by the page's
 * content security policy): never a broken image with its alt text spilling out.
 */
function ProductImage({ url, title }: { url: string | null; title: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground" aria-hidden data-testid="order-item-no-image">
        <ImageOff className="h-5 w-5" />
      </span>
    );
  }
  return <img src={url} alt={t.panel.productImage(title)} className="h-14 w-14 shrink-0 rounded object-cover" loading="lazy" onError={() => setFailed(true)} />;
}

function ProductRow({ item, currency }: { item: OrderItemJson; currency: string }) {
  const title = item.title || item.productName;
  return (
    <li className="flex gap-3 rounded-md border border-border p-2" data-testid="order-item" data-sku={item.sku ?? ''}>
      <ProductImage url={item.imageUrl} title={title} />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <span className="font-medium [overflow-wrap:anywhere]" data-testid="order-item-title">
          {title}
        </span>
        {item.variantInfo ? (
          <span className="text-xs text-muted-foreground">
            {t.panel.variant}: {item.variantInfo}
          </span>
        ) : null}
        <span className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
          <span>
            {t.panel.sku}: <span className="font-mono text-foreground">{item.sku || uiText.notAvailable}</span>
          </span>
          <span>
            {t.panel.quantity}: <span className="text-foreground" data-testid="order-item-quantity">{item.quantity}</span>
          </span>
          <span>
            {t.panel.unitPrice}: <span className="text-foreground">{formatMoney(item.unitPrice, item.currency || currency)}</span>
          </span>
        </span>
      </div>
    </li>
  );
}
