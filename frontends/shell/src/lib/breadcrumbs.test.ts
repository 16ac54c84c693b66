import { breadcrumbsFor } from './breadcrumbs';

describe('breadcrumbsFor', () => {
  it('labels known sections in Italian with cumulative links', () => {
    expect(breadcrumbsFor('/dashboard/settings/account')).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Impostazioni', href: '/dashboard/settings' },
      { label: 'Profilo Utente', href: '/dashboard/settings/account' },
    ]);
    expect(breadcrumbsFor('/shipping-rules')).toEqual([{ label: 'Regole di Spedizione', href: '/shipping-rules' }]);
  });

  it('shows ids as they are and does not link intermediate non-pages', () => {
    expect(breadcrumbsFor('/dashboard/integration/42')).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Integrazione', href: null },
      { label: '42', href: '/dashboard/integration/42' },
    ]);
    expect(breadcrumbsFor('/carriers/gls/setup').map((c) => c.href)).toEqual(['/carriers', null, '/carriers/gls/setup']);
  });

  it('names every settings tab, and an unknown one as the default tab the remote shows', () => {
    const last = (path: string) => breadcrumbsFor(path).at(-1);
    expect(last('/dashboard/settings/team')?.label).toBe('Gestione Team');
    expect(last('/dashboard/settings/carriers')?.label).toBe('Corrieri');
    expect(last('/dashboard/settings/addresses')?.label).toBe('Indirizzi');
    expect(last('/dashboard/settings/packages')?.label).toBe('Imballaggi');
    expect(last('/dashboard/settings/emails')?.label).toBe('E-mail ai clienti');
    expect(breadcrumbsFor('/dashboard/settings/%3Cscript%3E')).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Impostazioni', href: '/dashboard/settings' },
      { label: 'Gestione Team', href: '/dashboard/settings/%3Cscript%3E' },
    ]);
    expect(last('/dashboard/settings/constructor')?.label).toBe('Gestione Team');
    expect(last('/dashboard/settings')?.label).toBe('Impostazioni');
  });

  it('names the carrier of a setup page, and shows an unknown code as it is', () => {
    expect(breadcrumbsFor('/carriers/gls/setup')).toEqual([
      { label: 'Corrieri', href: '/carriers' },
      { label: 'GLS Italia', href: null },
      { label: 'Configurazione', href: '/carriers/gls/setup' },
    ]);
    expect(breadcrumbsFor('/carriers/posta_rc_intl/setup')[1].label).toBe('Raccomandata Internazionale');
    expect(breadcrumbsFor('/carriers/dhl/setup')[1].label).toBe('dhl');
    expect(breadcrumbsFor('/carriers/toString/setup')[1].label).toBe('toString');
  });

  it('names the orders list under either address and shows an order by its id', () => {
    expect(breadcrumbsFor('/dashboard/orders')).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Ordini', href: '/dashboard/orders' },
    ]);
    expect(breadcrumbsFor('/orders/42')).toEqual([
      { label: 'Ordini', href: '/orders' },
      { label: '42', href: '/orders/42' },
    ]);
  });

  it('does not take inherited names for known sections', () => {
    expect(breadcrumbsFor('/orders/constructor').at(-1)?.label).toBe('constructor');
  });

  it('decodes segments and ignores empty ones', () => {
    expect(breadcrumbsFor('/orders/A%20B/')).toEqual([
      { label: 'Ordini', href: '/orders' },
      { label: 'A B', href: '/orders/A%20B' },
    ]);
    expect(breadcrumbsFor('/')).toEqual([]);
  });
});
