import { CarrierError } from '../adapter';
import { deleteOutcome, fatalError, parcelFailure, parcelWarning } from './errors';
import type { ParsedParcel } from './parse';

const parcel = (p: Partial<ParsedParcel>): ParsedParcel => ({
  result: '',
  numeroSpedizione: '',
  siglaMittente: 'MI',
  progressivoCollo: '',
  totaleColli: '',
  descrizioneSedeDestino: '',
  siglaSedeDestino: '',
  noteSpedizione: '',
  contatoreProgressivo: '4201',
  dataSpedizione: '',
  ...p,
});

describe('parcelFailure', () => {
  it.each([
    [{ noteSpedizione: 'Dati non accettabili: CAP non valido' }, 'LABEL_REFUSED', 'GLS Italia ha rifiutato la spedizione: CAP non valido'],
    [{ noteSpedizione: 'DATI NON ACCETTABILI Provincia errata' }, 'LABEL_REFUSED', 'GLS Italia ha rifiutato la spedizione: Provincia errata'],
    [{ numeroSpedizione: '999999999' }, 'LABEL_REFUSED', 'GLS Italia non ha assegnato un numero di spedizione: controlla i dati del destinatario'],
    [{ numeroSpedizione: '999999999', noteSpedizione: 'Localita inesistente' }, 'LABEL_REFUSED', 'GLS Italia non ha assegnato un numero di spedizione: Localita inesistente'],
    [{ descrizioneSedeDestino: 'ERRORE', noteSpedizione: 'CAP sconosciuto' }, 'LABEL_REFUSED', 'GLS Italia non trova una sede di destinazione per questo indirizzo: CAP sconosciuto'],
    [{ descrizioneSedeDestino: 'ERRORE', numeroSpedizione: '800000001' }, 'LABEL_REFUSED', 'GLS Italia non trova una sede di destinazione per questo indirizzo: controlla CAP e località'],
    [{ noteSpedizione: 'Servizio sospeso' }, 'LABEL_REFUSED', 'GLS Italia ha rifiutato la spedizione: Servizio sospeso'],
    [{}, 'BAD_RESPONSE', 'GLS Italia ha risposto in un formato non riconosciuto. Riprova più tardi.'],
  ] as [Partial<ParsedParcel>, string, string][])('%j → %s', (answer, code, message) => {
    const error = parcelFailure(parcel(answer));
    expect(error).toBeInstanceOf(CarrierError);
    expect({ code: error!.code, message: error!.message }).toEqual({ code, message });
    expect(error!.detail).toContain('AddParcel parcel 4201');
  });

  it('accepts a parcel with a number, GLS Check included', () => {
    expect(parcelFailure(parcel({ numeroSpedizione: '800000001' }))).toBeUndefined();
    const check = parcel({ numeroSpedizione: '800000001', descrizioneSedeDestino: 'GLS Check', noteSpedizione: 'Via sconosciuta' });
    expect(parcelFailure(check)).toBeUndefined();
    expect(parcelWarning(check)).toBe("GLS Italia non riconosce l'indirizzo (GLS Check): Via sconosciuta. La spedizione è stata creata: verifica l'indirizzo con il destinatario.");
    expect(parcelWarning(parcel({ numeroSpedizione: '800000001', descrizioneSedeDestino: 'MILANO' }))).toBeUndefined();
  });
});

describe('fatalError', () => {
  it('is CREDENTIALS_REFUSED for a login failure wherever it happens', () => {
    for (const op of ['AddParcel', 'DeleteSped', 'CloseWorkDay', 'ListSped'] as const) {
      expect(fatalError(op, 'Password errata')).toMatchObject({ code: 'CREDENTIALS_REFUSED', message: 'GLS Italia ha rifiutato le credenziali: Password errata' });
    }
    expect(fatalError('ListSped', 'Servizio non disponibile')).toMatchObject({ code: 'CREDENTIALS_REFUSED' });
  });

  it('is a refusal of the operation otherwise', () => {
    expect(fatalError('AddParcel', 'Funzionalità non abilitata')).toMatchObject({ code: 'LABEL_REFUSED', message: 'GLS Italia ha rifiutato la spedizione: Funzionalità non abilitata' });
    expect(fatalError('DeleteSped', 'Errore nel formato XML')).toMatchObject({ code: 'CANCEL_REFUSED', message: 'GLS Italia non permette di annullare la spedizione: Errore nel formato XML' });
    expect(fatalError('CloseWorkDay', 'Errore nel formato XML')).toMatchObject({ code: 'PROVIDER_REFUSED', message: 'GLS Italia ha rifiutato la richiesta: Errore nel formato XML' });
  });
});

describe('deleteOutcome', () => {
  it('maps the DeleteSped messages', () => {
    expect(deleteOutcome('Eliminazione della spedizione 800000001 avvenuta.', '800000001')).toEqual({ message: 'Eliminazione della spedizione 800000001 avvenuta.', cancelledAtCarrier: true });
    expect(() => deleteOutcome('Spedizione 800000001 non presente.', '800000001')).toThrow(expect.objectContaining({ code: 'SHIPMENT_UNKNOWN' }));
    expect(() => deleteOutcome('Spedizione 800000001 in stato CHIUSA.', '800000001')).toThrow(
      expect.objectContaining({ code: 'CANCEL_REFUSED', message: 'GLS Italia non permette di annullare la spedizione: Spedizione 800000001 in stato CHIUSA.' }),
    );
    expect(() => deleteOutcome('', '800000001')).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
  });
});
