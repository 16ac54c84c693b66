export { AdapterRegistry } from './adapter-registry';
export { TokenKeeper, type RefreshMode } from './token-keeper';
export { completeOAuth, startOAuth, type OAuthCallback } from './connect-oauth';
export { SyncWorker, classifyFailure } from './sync-worker';
export { Housekeeper } from './housekeeper';
export { pushTracking, type TrackingInput, type TrackingOutcome } from './push-tracking';
export { TrackingPusher, PUSH_IN_PROGRESS, type DemandAnswer } from './tracking-pusher';
export { receiveWebhook, type WebhookReceipt } from './webhook-receiver';
export { WebhookImporter } from './webhook-importer';
