import { documentTitleFor } from './page-titles';

describe('documentTitleFor', () => {
  it('names each page in Italian, then the product', () => {
    expect(documentTitleFor('/auth')).toBe('Accedi · Smista');
    expect(documentTitleFor('/request-password-reset')).toBe('Recupera password · Smista');
    expect(documentTitleFor('/reset-password')).toBe('Reimposta la password · Smista');
    expect(documentTitleFor('/accept-existing-invite')).toBe('Accetta invito · Smista');
    expect(documentTitleFor('/merchant-selection')).toBe('Seleziona un merchant · Smista');
    expect(documentTitleFor('/dashboard')).toBe('Dashboard · Smista');
    expect(documentTitleFor('/dashboard/orders')).toBe('Ordini · Smista');
    expect(documentTitleFor('/orders')).toBe('Ordini · Smista');
    expect(documentTitleFor('/orders/A-17')).toBe('Dettaglio ordine · Smista');
    expect(documentTitleFor('/dashboard/integration/42')).toBe('Dettaglio integrazione · Smista');
    expect(documentTitleFor('/carriers/gls/setup')).toBe('Configurazione corriere · Smista');
    expect(documentTitleFor('/carriers')).toBe('Gestione Corrieri · Smista');
    expect(documentTitleFor('/dashboard/integrations')).toBe('Integrazioni · Smista');
    expect(documentTitleFor('/shipping-rules/')).toBe('Regole di Spedizione · Smista');
  });

  it('names the settings tab, and the section for an unknown or missing tab', () => {
    expect(documentTitleFor('/dashboard/settings/account')).toBe('Profilo Utente · Smista');
    expect(documentTitleFor('/dashboard/settings/addresses/7')).toBe('Indirizzi · Smista');
    expect(documentTitleFor('/dashboard/settings/emails')).toBe('E-mail ai clienti · Smista');
    expect(documentTitleFor('/dashboard/settings')).toBe('Impostazioni · Smista');
    expect(documentTitleFor('/dashboard/settings/toString')).toBe('Impostazioni · Smista');
  });

  it('keeps the product alone on redirects and says so for unknown paths', () => {
    expect(documentTitleFor('/')).toBe('Smista');
    expect(documentTitleFor('/home')).toBe('Smista');
    expect(documentTitleFor('/nessuna-pagina')).toBe('Pagina non trovata · Smista');
    expect(documentTitleFor('/orders/1/2')).toBe('Pagina non trovata · Smista');
  });
});
