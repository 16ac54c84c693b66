import { createLogger } from '@smista/service-kit';
import { ORDER_UPSERTED_BATCH_SIZE, orderSubscriptions } from './subscriptions';

// An import publishes one orders.order.upserted per order: one transaction each cost shipments
// ≈ 1.4 ms of CPU per imported order (issue 21); waiting ones now share a transaction.
test('orders.order.upserted is handled in batches, one after the other', () => {
  const [upserted] = orderSubscriptions(createLogger('test', 'silent'));
  expect(upserted.subject).toBe('orders.order.upserted');
  expect(ORDER_UPSERTED_BATCH_SIZE).toBeGreaterThan(1);
  expect(upserted.batchSize).toBe(ORDER_UPSERTED_BATCH_SIZE);
  expect(upserted.concurrency ?? 1).toBe(1);
});
