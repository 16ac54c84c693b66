/** The wire-format sandboxes, each started on its own port by the local stack and the test setup. */
export * from './gls';
export * from './poste-delivery';
export * from './ebay';
export * from './shopify';
export * from './amazon';
export * from './etsy';
export * from './aliexpress';
export { MAX_CLOCK_ADVANCE_SECONDS, type SandboxClockControl } from './sandbox-clock';
