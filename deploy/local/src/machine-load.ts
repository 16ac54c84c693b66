import fs from 'node:fs';
import os from 'node:os';

/** How much busier than idle the machine is, as the factor by which a waiting task runs late. */
export interface MachineLoad {
  /** 1 on a quiet machine, up to {@link MAX_SLOWDOWN}. */
  factor: number;
  /** One-minute load average. */
  load1: number;
  cores: number;
  /** Share of the last 10 s some task waited for a CPU (Linux PSI), when the kernel tells. */
  cpuPressure: number | null;
}

/**
 * The most a wait is stretched: a machine this busy gets ten times the quiet budget, never an
 * endless wait (a component that is really stuck still fails, later).
 */
export const MAX_SLOWDOWN = 10;

/** `some avg10` of /proc/pressure/cpu as a share (0–1), or null where the kernel has no PSI. */
export function cpuPressure(read: () => string = () => fs.readFileSync('/proc/pressure/cpu', 'utf8')): number | null {
  try {
    const match = /^some .*?avg10=([\d.]+)/m.exec(read());
    return match ? Number(match[1]) / 100 : null;
  } catch {
    return null;
  }
}

/**
 * How busy the machine is now. Two readings, the larger wins: the load average per core (runnable
 * tasks per CPU: 4 on 2 cores means each gets about half its time), and CPU pressure (a task that
 * waited for a CPU 80 % of the last 10 s ran at a fifth of its speed). The load average follows a
 * burst only over a minute; the pressure within seconds.
 */
export function machineLoad(sample: { loadavg?: () => number[]; cores?: number; pressure?: () => number | null } = {}): MachineLoad {
  const load1 = (sample.loadavg ?? os.loadavg)()[0] ?? 0;
  const cores = sample.cores ?? os.availableParallelism();
  const pressure = (sample.pressure ?? cpuPressure)();
  const byLoad = load1 / Math.max(1, cores);
  const byPressure = pressure === null ? 1 : 1 / Math.max(1 - pressure, 1 / MAX_SLOWDOWN);
  return { factor: Math.min(MAX_SLOWDOWN, Math.max(1, byLoad, byPressure)), load1, cores, cpuPressure: pressure };
}

/** `carico 7,4 su 2 core, CPU contesa 63 %` (Italian, for wait messages). */
export function describeLoad(load: MachineLoad): string {
  const n = (x: number) => String(Math.round(x * 10) / 10).replace('.', ',');
  return `carico ${n(load.load1)} su ${load.cores} core` + (load.cpuPressure === null ? '' : `, CPU contesa ${Math.round(load.cpuPressure * 100)} %`);
}

/**
 * A deadline measured in quiet-machine time: each stretch of wall time counts divided by how busy
 * the machine was during it, so a wait of 30 s on an idle machine lasts up to 300 s on one ten times
 * as busy, and a component that is slow only because the machine is is not declared dead.
 *
 * @example
 * const deadline = new ScaledDeadline(30_000);
 * while (!(await ready())) {
 *   if (deadline.expired()) throw new Error(`non pronto dopo ${deadline.describe()}`);
 *   await sleep(150);
 * }
 */
export class ScaledDeadline {
  private readonly startedAt: number;
  private last: number;
  private spent = 0;
  private busiest: MachineLoad;

  constructor(
    readonly budgetMs: number,
    private readonly sample: () => MachineLoad = machineLoad,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = this.last = now();
    this.busiest = sample();
  }

  /** Counts the time since the last call at the machine's current load; true once the budget is spent. */
  expired(): boolean {
    const t = this.now();
    const load = this.sample();
    if (load.factor > this.busiest.factor) this.busiest = load;
    this.spent += (t - this.last) / load.factor;
    this.last = t;
    return this.spent >= this.budgetMs || t - this.startedAt >= this.budgetMs * MAX_SLOWDOWN;
  }

  /** Wall time waited so far (ms). */
  get elapsedMs(): number {
    return this.now() - this.startedAt;
  }

  /** `95 s (30 s a macchina scarica; carico 14,2 su 2 core, CPU contesa 88 % nel momento peggiore)`. */
  describe(): string {
    const s = (ms: number) => `${Math.round(ms / 1000)} s`;
    const waited = s(this.elapsedMs);
    if (this.busiest.factor <= 1.05) return waited;
    return `${waited} (${s(this.budgetMs)} a macchina scarica; ${describeLoad(this.busiest)} nel momento peggiore)`;
  }
}

/**
 * Polls `check` until it gives a value (anything but null, undefined or false) and answers it;
 * throws naming `what` once `timeoutMs` of quiet-machine time ({@link ScaledDeadline}) has passed.
 * A test's way to wait for an event it cannot subscribe to.
 *
 * @example
 * const job = await waitFor('the sync job finished', async () => (await getJob()).status === 'completed' && job, 30_000);
 */
export async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 30_000, intervalMs = 50): Promise<T> {
  const deadline = new ScaledDeadline(timeoutMs);
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (deadline.expired()) throw new Error(`tempo scaduto dopo ${deadline.describe()} aspettando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
