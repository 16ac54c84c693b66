import { Metadata, status } from '@grpc/grpc-js';
import { carrierFailureOf } from './carriers-client';

const serviceError = (code: number, details: string) => Object.assign(new Error(details), { code, details, metadata: new Metadata() });

describe('carrierFailureOf', () => {
  it('a refusal the merchant can act on keeps the carrier text', () => {
    expect(carrierFailureOf(serviceError(status.FAILED_PRECONDITION, 'Dati non accettabili: CAP non valido'))).toEqual({
      kind: 'refused',
      code: 'CARRIER_REFUSED',
      message: 'Dati non accettabili: CAP non valido',
    });
    expect(carrierFailureOf(serviceError(status.INVALID_ARGUMENT, 'Peso non valido'))).toMatchObject({ kind: 'refused', code: 'INVALID_LABEL_REQUEST' });
    expect(carrierFailureOf(serviceError(status.NOT_FOUND, 'Integrazione corriere non trovata'))).toMatchObject({ kind: 'refused', code: 'NOT_FOUND' });
  });

  it('no answer (unreachable, deadline, internal) is unavailable: it may be tried again', () => {
    for (const code of [status.UNAVAILABLE, status.DEADLINE_EXCEEDED, status.INTERNAL, status.UNKNOWN]) {
      expect(carrierFailureOf(serviceError(code, 'x')).kind).toBe('unavailable');
    }
    expect(carrierFailureOf(new Error('socket hang up')).kind).toBe('unavailable');
  });
});
