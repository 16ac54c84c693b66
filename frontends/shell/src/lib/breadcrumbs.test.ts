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

  it('decodes segments and ignores empty ones', () => {
    expect(breadcrumbsFor('/orders/A%20B/')).toEqual([
      { label: 'Ordini', href: '/orders' },
      { label: 'A B', href: '/orders/A%20B' },
    ]);
    expect(breadcrumbsFor('/')).toEqual([]);
  });
});
