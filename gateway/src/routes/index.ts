import { activityRoutes } from './activity-routes';
import { addressRoutes } from './address-routes';
import { carrierRoutes } from './carrier-routes';
import { catalogueRoutes } from './catalogue-routes';
import { gatewayRoutes, openApiRoute, type GatewayRouteDeps } from './gateway-routes';
import { API_INFO, openApiDocument } from '../openapi/document';
import { identityRoutes } from './identity-routes';
import { marketplaceRoutes } from './marketplace-routes';
import { merchantRoutes } from './merchant-routes';
import { manualOrderRoutes } from './manual-order-routes';
import { orderImportRoutes } from './order-import-routes';
import { orderRoutes } from './order-routes';
import { shipmentRoutes } from './shipment-routes';
import { shipmentParcelRoutes } from './shipment-parcel-routes';
import { shippingRuleRoutes } from './shipping-rule-routes';
import { ssoRoutes } from './sso-routes';
import type { RouteDef } from './route';
import { teamRoutes } from './team-routes';
import { slipRoutes } from './slip-routes';
import { merchantLogoRoutes } from './merchant-logo-routes';
import { trackingPageRoutes } from './tracking-page-routes';
import { buyerMailRoutes } from './buyer-mail-routes';

/**
 * Every `/api` route: one file per service's routes (path → validation schema → gRPC method →
 * response shape), plus the few the gateway answers itself. A new service adds its file here.
 * Business rules live in the services.
 */
export function createRouteTable(gateway: GatewayRouteDeps): RouteDef[] {
  // The API document describes the whole table, its own route included: built once, here.
  let document: Buffer | undefined;
  const table = [...identityRoutes, ...ssoRoutes(gateway.sso), ...merchantRoutes, ...teamRoutes, ...addressRoutes, ...carrierRoutes, ...marketplaceRoutes, ...orderImportRoutes, ...orderRoutes, ...manualOrderRoutes, ...shippingRuleRoutes, ...catalogueRoutes, ...shipmentRoutes, ...shipmentParcelRoutes, ...slipRoutes, ...merchantLogoRoutes, ...trackingPageRoutes, ...buyerMailRoutes, ...activityRoutes, ...gatewayRoutes(gateway), openApiRoute(() => document!)];
  document = Buffer.from(JSON.stringify(openApiDocument(table, API_INFO)));
  return table;
}
