/**
 * The toasts of the shipments actions (spec §8), decided from the server's answers. Pure: the
 * components hand each answer or error here and show what comes back.
 */
import type { CloseWorkdayJson, ProcessResultJson, ProcessRunJson } from '@smista/contracts';
import { errorMessageFrom, errorStatusOf, type ToastInput } from '@smista/ui-kit';
import { t } from '../messages';

const T = t.toasts;

/** How many failures a toast lists before it says how many more there are. */
export const ERRORS_SHOWN = 5;

/** Which processing the result answers: one row, the selection, or 'Processa Tutte'. */
export type ProcessScope = 'single' | 'selected' | 'all';

/**
 * The failures of a result joined for a toast: `#<order>: <reason>` each, the first
 * {@link ERRORS_SHOWN}, then how many more.
 *
 * @example joinErrors([{ shipmentId: 4, orderExternalId: '12-1', code: 'x', message: 'CAP errato' }]) // '#12-1: CAP errato'
 */
export function joinErrors(errors: ProcessResultJson['errors']): string {
  const lines = errors.slice(0, ERRORS_SHOWN).map((e) => `#${e.orderExternalId?.trim() || e.shipmentId}: ${e.message}`);
  const more = errors.length - ERRORS_SHOWN;
  return more > 0 ? `${lines.join('; ')}; ${t.moreErrors(more)}` : lines.join('; ');
}

/**
 * The toast of a processing result (spec §4: success and zero failed is a success; otherwise a
 * failure with the errors joined): 'Processamento completato' ('Spedizione processata' for a
 * row), 'Processamento parziale' with 'Alcune spedizioni non sono state processate' and the
 * errors, or 'Processamento fallito' with the errors.
 */
export function processToast(result: ProcessResultJson, scope: ProcessScope): ToastInput {
  const failed = result.failed ?? 0;
  const success = result.success ?? 0;
  if (failed === 0) {
    return { title: scope === 'single' ? T.processed : T.processCompleted, description: result.message || undefined };
  }
  const errors = joinErrors(result.errors ?? []);
  if (success > 0) {
    return { title: T.processPartial, description: [T.processPartialText, errors].filter(Boolean).join(': '), variant: 'destructive' };
  }
  return { title: T.processFailed, description: errors || result.message || undefined, variant: 'destructive' };
}

/** A refused or failed processing request: 'Errore processamento' with the server's reason, else the §8 fallback of the scope. */
export function processErrorToast(error: unknown, scope: ProcessScope): ToastInput {
  const fallback = scope === 'single' ? T.processErrorSingle : scope === 'selected' ? T.processErrorSelected : T.processErrorAll;
  return { title: T.processError, description: errorMessageFrom(error) ?? fallback, variant: 'destructive' };
}

/**
 * The toast of a processing request that failed, once the runs have been read again: when its
 * answer was lost (a 5xx or no answer: a replica gone, a restart, a deadline) while a run is still
 * going — taken over elsewhere or resumed — 'Il processamento continua' with how far it is, since
 * the labels are being made and the progress shows below; otherwise {@link processErrorToast}. A
 * refusal (4xx) is always the refusal.
 *
 * @example processFailureToast(new ApiError(503, '{}'), 'all', [{ status: 'running', done: 3, total: 10, … }]) // 'Il processamento continua'
 */
export function processFailureToast(error: unknown, scope: ProcessScope, runs: readonly ProcessRunJson[] | undefined): ToastInput {
  const status = errorStatusOf(error);
  const answerLost = status === undefined || status >= 500;
  const going = (runs ?? []).filter((run) => run.status === 'running');
  if (!answerLost || going.length === 0) return processErrorToast(error, scope);
  const done = going.reduce((sum, run) => sum + run.done, 0);
  const total = going.reduce((sum, run) => sum + run.total, 0);
  return { title: T.processContinues, description: T.processContinuesText(done, total) };
}

/**
 * A workday close's toast: 'Giornata lavorativa chiusa' with the server's summary when at least
 * one shipment was confirmed; 'Errore chiusura giornata' when none was.
 */
export function closeWorkdayToast(result: CloseWorkdayJson): ToastInput {
  if ((result.processed ?? 0) === 0 && (result.failed ?? 0) > 0) {
    return { title: T.closeError, description: result.message, variant: 'destructive' };
  }
  return { title: T.workdayClosed, description: result.message || undefined };
}

/** The toast of a refused or failed request: the §8 title and the server's Italian reason (or the fallback). */
export function errorToast(title: string, error: unknown, fallback?: string): ToastInput {
  return { title, description: errorMessageFrom(error) ?? fallback, variant: 'destructive' };
}
