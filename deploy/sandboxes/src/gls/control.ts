import { sandboxClockControl, type SandboxClockControl } from '../sandbox-clock';

/*
 * The tests' side of a running GLS sandbox's control endpoints (`/__sandbox/…`): its clock, on which
 * the parcels walk their tracking paths (README.md, "Tracking").
 */

export type GlsSandboxControl = SandboxClockControl;

/**
 * The control endpoints of the GLS sandbox at `baseUrl`.
 *
 * @example await glsSandboxControl(gls.url).advanceClock(300); // a parcel closed 5 minutes ago is delivered
 */
export function glsSandboxControl(baseUrl: string): GlsSandboxControl {
  return sandboxClockControl('GLS', baseUrl);
}
