import { publicTrackingPath, trackingPageLanguageOf, trackingPageStatus, trackingPageTexts } from './tracking-page';

describe('trackingPageTexts (issue 26)', () => {
  it('has the Italian words of the page', () => {
    const it = trackingPageTexts.it;
    expect(it.title).toBe('Traccia la tua spedizione');
    expect(it.notFoundTitle).toBe('Spedizione non trovata');
    expect(it.notFoundText).toBe(
      'Il link potrebbe essere scaduto (la pagina resta disponibile fino a 90 giorni dopo la consegna) o non essere corretto. Controlla il link ricevuto o contatta il venditore.',
    );
    expect(it.tooManyTitle).toBe('Troppe richieste');
    expect(it.tooManyText).toBe('Hai aperto questa pagina troppe volte in poco tempo. Riprova tra un minuto.');
    expect(it.carrierLink('GLS')).toBe('Segui il pacco sul sito di GLS');
    expect(it.promisedDate).toBe('Consegna prevista entro il');
    expect(it.deliveredAt).toBe('Consegnata il');
    expect(it.items).toBe('Contenuto del pacco');
    expect(it.sampleBanner).toBe('Anteprima con un pacco di esempio: i tuoi clienti vedranno i dati della loro spedizione.');
  });

  it('has the English words of the page', () => {
    const en = trackingPageTexts.en;
    expect(en.title).toBe('Track your parcel');
    expect(en.notFoundTitle).toBe('Shipment not found');
    expect(en.notFoundText).toBe('The link may have expired (the page stays available until 90 days after delivery) or may not be correct. Check the link you received or contact the seller.');
    expect(en.tooManyTitle).toBe('Too many requests');
    expect(en.carrierLink('GLS')).toBe('Follow the parcel on the GLS website');
  });

  it('names every status in both languages, the same keys', () => {
    expect(Object.keys(trackingPageTexts.en.statuses).sort()).toEqual(Object.keys(trackingPageTexts.it.statuses).sort());
    expect(trackingPageStatus('shipped', 'it')).toBe('Spedita');
    expect(trackingPageStatus('delivered', 'it')).toBe('Consegnata');
    expect(trackingPageStatus('held', 'it')).toBe('In giacenza');
    expect(trackingPageStatus('held', 'en')).toBe('Held at the depot');
    expect(trackingPageStatus('qualcosa', 'it')).toBe('Aggiornamento del corriere');
    expect(trackingPageStatus('__proto__', 'en')).toBe('Carrier update');
  });
});

describe('trackingPageLanguageOf', () => {
  it.each([
    ['en-GB,en;q=0.9', 'en'],
    ['it-IT,it;q=0.9,en;q=0.8', 'it'],
    ['en-US', 'en'],
    ['de-DE,de;q=0.9', 'it'],
    ['de-DE,en;q=0.5', 'en'],
    ['fr;q=1,it;q=0.3,en;q=0.4', 'en'],
    ['en;q=0,it;q=0.1', 'it'],
    ['', 'it'],
    [undefined, 'it'],
    ['garbage;;;q=x', 'it'],
  ])('%s → %s', (header, lang) => expect(trackingPageLanguageOf(header)).toBe(lang));
});

it('the buyer link is /t/{token}', () => expect(publicTrackingPath('abc')).toBe('/t/abc'));
