import { ToneBadge } from '@smista/ui-kit';
import { orderStatusBadge, paymentStatusBadge } from '../orders/badges';

/** An order's status (spec §4 badge colours and texts). */
export function OrderStatusBadge({ status, testId = 'order-status' }: { status: string | null | undefined; testId?: string }) {
  return <ToneBadge look={orderStatusBadge(status)} testId={testId} />;
}

/** An order's payment status; `wrap` lets a long one ('Parzialmente rimborsato') take two lines in a tight column. */
export function PaymentStatusBadge({ status, testId = 'order-payment', wrap = false }: { status: string | null | undefined; testId?: string; wrap?: boolean }) {
  return <ToneBadge look={paymentStatusBadge(status)} testId={testId} className={wrap ? 'whitespace-normal' : undefined} />;
}

/** A problem of the order (orders/problems.ts): an orange badge with its Italian text, wrapping in a tight column. */
export function OrderProblemBadge({ text }: { text: string }) {
  return <ToneBadge look={{ tone: 'orange', label: text }} testId="order-problem" className="whitespace-normal" />;
}
