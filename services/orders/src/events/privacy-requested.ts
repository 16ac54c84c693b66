import { isUuid, type EventHandler, type Logger } from '@smista/service-kit';
import type { marketplacesEvents } from '@smista/proto';
import { InvalidEventError } from '../domain';
import { redactBuyerData } from '../store';

/**
 * `marketplaces.privacy.requested` (issue 22, Shopify's privacy webhooks): `redact_customer` erases
 * the buyer's personal data of the orders named (and of the buyer's e-mail), `redact_shop` of every
 * order of the integration; `customer_data_request` asks nothing of orders. Never logs the e-mail.
 */
export function handlePrivacyRequested(logger: Logger): EventHandler<marketplacesEvents.MarketplacePrivacyRequested> {
  return async (event, tx, meta) => {
    if (!isUuid(event.merchantId) || !Number.isSafeInteger(event.integrationId) || event.integrationId <= 0) {
      throw new InvalidEventError('privacy.requested without a merchant uuid and a positive integration id');
    }
    if (event.request !== 'redact_customer' && event.request !== 'redact_shop') return;
    const merchantId = event.merchantId.toLowerCase();
    const redacted = await redactBuyerData(tx, merchantId, event.integrationId, {
      externalIds: event.externalOrderIds,
      email: event.request === 'redact_customer' ? event.customerEmail : '',
      wholeIntegration: event.request === 'redact_shop',
    });
    logger.info({ merchantId, integrationId: event.integrationId, request: event.request, redacted, messageId: meta.messageId }, "buyer's personal data erased");
  };
}
