import { sandboxClockControl, type SandboxClockControl } from '../sandbox-clock';

/*
 * The tests' side of a running Poste Delivery Business sandbox's control endpoints (`/__sandbox/…`):
 * its clock, on which the parcels walk their tracking paths (README.md, "Tracking").
 */

export type PosteDeliverySandboxControl = SandboxClockControl;

/**
 * The control endpoints of the Poste Delivery sandbox at `baseUrl`.
 *
 * @example await posteDeliverySandboxControl(poste.url).advanceClock(300); // a waybill made 5 minutes ago is delivered
 */
export function posteDeliverySandboxControl(baseUrl: string): PosteDeliverySandboxControl {
  return sandboxClockControl('Poste Delivery', baseUrl);
}
