/**
 * The progress of bulk processing (`GET /api/shipments/process-runs`): the runs still going,
 * summed, as 'Elaborazione 120 di 1000...'. Pure.
 */
import type { ProcessRunJson } from '@smista/contracts';
import { formatCount } from '@smista/ui-kit';
import { t } from '../messages';

/** While processing is under way the runs are read again every second. */
export const PROGRESS_POLL_MS = 1000;

export interface RunProgress {
  done: number;
  total: number;
}

/**
 * The running runs' progress summed (two tabs may each have started one), or null when none runs.
 *
 * @example runProgress([{ status: 'running', done: 120, total: 1000, ... }]) // { done: 120, total: 1000 }
 */
export function runProgress(runs: readonly ProcessRunJson[] | undefined): RunProgress | null {
  const running = (runs ?? []).filter((run) => run.status === 'running');
  if (running.length === 0) return null;
  const total = running.reduce((sum, run) => sum + Math.max(run.total, 0), 0);
  const done = running.reduce((sum, run) => sum + Math.min(Math.max(run.done, 0), Math.max(run.total, 0)), 0);
  return { done, total };
}

/** 'Elaborazione 120 di 1000...'; 'Elaborazione in corso...' before a run reports. */
export function progressText(progress: RunProgress | null): string {
  return progress && progress.total > 0 ? t.progress.text(formatCount(progress.done), formatCount(progress.total)) : t.progress.starting;
}

/** The bar's width in percent (0..100), or null when unknown (an indeterminate bar). */
export function progressPercent(progress: RunProgress | null): number | null {
  if (!progress || progress.total <= 0) return null;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

/** Whether any run is still going (the screen keeps polling and shows the bar). */
export const anyRunning = (runs: readonly ProcessRunJson[] | undefined) => (runs ?? []).some((run) => run.status === 'running');
