import { isUuid, type EventHandler, type Logger } from '@smista/service-kit';
import type { marketplacesEvents } from '@smista/proto';
import { InvalidEventError } from '../domain';
import { eraseRecipients } from '../store';

/**
 * `marketplaces.privacy.requested` (issue 22, Shopify's privacy webhooks), as orders reads it:
 * `redact_customer` erases the recipient of the shipments of the orders named (and of the buyer's
 * e-mail), `redact_shop` of every shipment of the integration; `customer_data_request` asks nothing
 * of shipments. One transaction with the inbox; a repeat finds nothing left to erase. Never logs the e-mail.
 */
export function handlePrivacyRequested(logger: Logger): EventHandler<marketplacesEvents.MarketplacePrivacyRequested> {
  return async (event, tx, meta) => {
    if (!isUuid(event.merchantId) || !Number.isSafeInteger(event.integrationId) || event.integrationId <= 0) {
      throw new InvalidEventError('privacy.requested without a merchant uuid and a positive integration id');
    }
    if (event.request !== 'redact_customer' && event.request !== 'redact_shop') return;
    const merchantId = event.merchantId.toLowerCase();
    const erased = await eraseRecipients(tx, merchantId, event.integrationId, {
      externalOrderIds: event.externalOrderIds,
      email: event.request === 'redact_customer' ? event.customerEmail : '',
      wholeIntegration: event.request === 'redact_shop',
    });
    logger.info({ merchantId, integrationId: event.integrationId, request: event.request, erased, messageId: meta.messageId }, "shipments' recipient erased");
  };
}
