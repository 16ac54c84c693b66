import type { CloseWorkdayJson, ProcessResultJson, ProcessRunJson } from '@smista/contracts';
import { ApiError } from '@smista/ui-kit';
import { closeWorkdayToast, errorToast, joinErrors, processErrorToast, processFailureToast, processToast } from './results';

const result = (over: Partial<ProcessResultJson>): ProcessResultJson => ({ success: 0, failed: 0, skipped: 0, message: '', errors: [], runId: null, ...over });
const error = (n: number, message = `Errore ${n}`) => ({ shipmentId: n, orderExternalId: `O-${n}`, code: 'X', message });

describe('processToast (spec §4, §8)', () => {
  it('is a success with zero failed', () => {
    expect(processToast(result({ success: 3, message: '3 spedizioni processate' }), 'all')).toEqual({
      title: 'Processamento completato',
      description: '3 spedizioni processate',
    });
    expect(processToast(result({ success: 1, message: '1 spedizione processata' }), 'single').title).toBe('Spedizione processata');
    expect(processToast(result({ success: 2 }), 'selected')).toEqual({ title: 'Processamento completato', description: undefined });
  });
  it("is 'Processamento parziale' with the errors joined when some failed", () => {
    const toast = processToast(result({ success: 2, failed: 1, errors: [error(7, 'CAP non valido')] }), 'selected');
    expect(toast).toEqual({
      title: 'Processamento parziale',
      description: 'Alcune spedizioni non sono state processate: #O-7: CAP non valido',
      variant: 'destructive',
    });
  });
  it("is 'Processamento fallito' when all failed", () => {
    const toast = processToast(result({ failed: 2, errors: [error(1), error(2)] }), 'all');
    expect(toast).toEqual({ title: 'Processamento fallito', description: '#O-1: Errore 1; #O-2: Errore 2', variant: 'destructive' });
  });
});

describe('joinErrors', () => {
  it('lists five and counts the rest', () => {
    const errors = [1, 2, 3, 4, 5, 6, 7].map((n) => error(n));
    expect(joinErrors(errors)).toBe('#O-1: Errore 1; #O-2: Errore 2; #O-3: Errore 3; #O-4: Errore 4; #O-5: Errore 5; e altri 2 errori');
    expect(joinErrors(errors.slice(0, 6))).toMatch(/; e un altro errore$/);
  });
  it('falls back to the shipment id without an order id', () => {
    expect(joinErrors([{ shipmentId: 9, orderExternalId: '', code: 'X', message: 'no' }])).toBe('#9: no');
  });
});

describe('processErrorToast', () => {
  it("says the server's reason, else the scope's §8 fallback", () => {
    expect(processErrorToast(new ApiError(409, '{"message":"Nessuna spedizione in attesa da processare"}'), 'all')).toEqual({
      title: 'Errore processamento',
      description: 'Nessuna spedizione in attesa da processare',
      variant: 'destructive',
    });
    expect(processErrorToast(new TypeError('Failed to fetch'), 'single').description).toBe('Errore durante il processamento della spedizione');
    expect(processErrorToast(new ApiError(502, 'Bad gateway'), 'selected').description).toBe('Errore durante il processamento delle spedizioni selezionate');
    expect(processErrorToast(new ApiError(502, ''), 'all').description).toBe('Errore durante il processamento');
  });
});

describe('processFailureToast (issue 19: the answer lost, the run going on)', () => {
  const run = (over: Partial<ProcessRunJson>): ProcessRunJson => ({
    id: 'r1',
    status: 'running',
    total: 10,
    done: 3,
    succeeded: 3,
    failed: 0,
    startedAt: '2026-11-28T09:00:00.000Z',
    finishedAt: null,
    ...over,
  });
  const unavailable = new ApiError(503, '{"message":"Servizio temporaneamente non disponibile. Riprova più tardi."}');

  it("a 5xx or no answer while a run goes on: 'Il processamento continua' with how far the runs are, not an error", () => {
    const continuing = {
      title: 'Il processamento continua',
      description: "La risposta si è interrotta, ma le etichette vengono create comunque (5 di 14): l'avanzamento è qui sotto e l'elenco si aggiorna alla fine",
    };
    const runs = [run({}), run({ id: 'r2', total: 4, done: 2 }), run({ id: 'r0', status: 'finished', total: 50, done: 50 })];
    expect(processFailureToast(unavailable, 'selected', runs)).toEqual(continuing);
    expect(processFailureToast(new TypeError('Failed to fetch'), 'all', runs)).toEqual(continuing);
    expect(processFailureToast(new ApiError(504, ''), 'all', runs).title).toBe('Il processamento continua');
  });

  it('no run going on, the runs unknown, or a refusal: the error as before', () => {
    expect(processFailureToast(unavailable, 'selected', [run({ status: 'finished', done: 10 })])).toEqual(processErrorToast(unavailable, 'selected'));
    expect(processFailureToast(unavailable, 'all', undefined)).toEqual(processErrorToast(unavailable, 'all'));
    const refused = new ApiError(409, '{"message":"Nessuna spedizione in attesa da processare"}');
    expect(processFailureToast(refused, 'all', [run({})])).toEqual(processErrorToast(refused, 'all'));
  });
});

describe('closeWorkdayToast', () => {
  const close = (over: Partial<CloseWorkdayJson>): CloseWorkdayJson => ({ message: 'm', processed: 0, failed: 0, outcomes: [], manifestIds: [], ...over });
  it("is 'Giornata lavorativa chiusa' when one was confirmed, an error when none was", () => {
    expect(closeWorkdayToast(close({ processed: 2, message: 'Giornata lavorativa chiusa: 2 spedizioni confermate a GLS' }))).toEqual({
      title: 'Giornata lavorativa chiusa',
      description: 'Giornata lavorativa chiusa: 2 spedizioni confermate a GLS',
    });
    expect(closeWorkdayToast(close({ failed: 1, message: 'Nessuna spedizione confermata a GLS' }))).toEqual({
      title: 'Errore chiusura giornata',
      description: 'Nessuna spedizione confermata a GLS',
      variant: 'destructive',
    });
  });
});

describe('errorToast', () => {
  it('shows the server message or the fallback', () => {
    expect(errorToast('Errore stampa', new ApiError(409, '{"message":"La spedizione non ha un\'etichetta: processala prima"}'), 'Errore nel download etichetta')).toEqual({
      title: 'Errore stampa',
      description: "La spedizione non ha un'etichetta: processala prima",
      variant: 'destructive',
    });
    expect(errorToast('Errore stampa', new ApiError(500, 'boom'), 'Errore nel download etichetta').description).toBe('Errore nel download etichetta');
  });
});
