import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from './logger';

export interface PollLoopOptions {
  /** Named in the log line of a round that failed. */
  name: string;
  logger: Logger;
  /** How long an idle slot waits before it looks again, unless woken. */
  pollMs: number;
  /** Slots running rounds side by side (default 1). */
  slots?: number;
  /** One round of a slot; answers how much it took. A round that took nothing lets the slot idle. */
  round: (slot: number) => Promise<number>;
}

/**
 * The worker loop of a table used as a queue (tracking pushes, webhook deliveries, sync jobs): each
 * slot runs rounds back to back while they take work, and idles `pollMs` when one takes none (the
 * rows of another replica, a retry come due). `wake()` ends every idle wait at once, for work this
 * replica just committed. A round that throws is logged and counts as having taken nothing.
 */
export class PollLoop {
  private running = false;
  private slots: Promise<void>[] = [];
  private readonly sleepers = new Set<AbortController>();

  constructor(private readonly options: PollLoopOptions) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.slots = Array.from({ length: this.options.slots ?? 1 }, (_v, slot) => this.loop(slot));
  }

  /** Stops starting rounds and waits for the rounds in flight to end. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await Promise.all(this.slots);
    this.slots = [];
  }

  /** Work was just committed here: idle slots look at once instead of at their next poll. */
  wake(): void {
    for (const sleeper of this.sleepers) sleeper.abort();
  }

  /**
   * Work becomes due in `delayMs` (a back-off's end), or is being written in a transaction still
   * open: look then. The next poll finds it anyway should it take longer.
   */
  wakeAfter(delayMs: number): void {
    setTimeout(() => this.wake(), delayMs).unref();
  }

  private async loop(slot: number): Promise<void> {
    while (this.running) {
      let taken = 0;
      try {
        taken = await this.options.round(slot);
      } catch (err) {
        this.options.logger.error({ err, slot }, `${this.options.name} round failed`);
      }
      if (taken === 0 && this.running) await this.idle();
    }
  }

  private async idle(): Promise<void> {
    const sleeper = new AbortController();
    this.sleepers.add(sleeper);
    await sleep(this.options.pollMs, undefined, { signal: sleeper.signal }).catch(() => undefined);
    this.sleepers.delete(sleeper);
  }
}
