import { marketplaceMessages as m } from '@smista/contracts';
import { accessTokenNeedsRefresh, assertCanSync, assertSelectedMerchant, shownStatus, tokenMasks, tokenWarning, type Marketplace } from './index';

const ebay: Marketplace = {
  id: 1,
  identifier: 'ebay',
  name: 'eBay',
  description: '',
  logoUrl: '',
  active: true,
  oauth: true,
  apiDocUrl: null,
  requiredSettings: [],
  maxOrdersLimit: 0,
  supported: true,
};
const now = new Date('2026-11-20T10:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('shownStatus', () => {
  it("shows 'inactive' while switched off and the stored status again once switched on", () => {
    expect(shownStatus({ active: false, status: 'active' })).toBe('inactive');
    expect(shownStatus({ active: false, status: 'error' })).toBe('inactive');
    expect(shownStatus({ active: true, status: 'error' })).toBe('error');
    expect(shownStatus({ active: true, status: 'active' })).toBe('active');
  });
});

describe('tokenWarning', () => {
  const w = (refreshTokenExpiresAt: Date | null, tokenRefusedAt: Date | null = null) => tokenWarning({ marketplace: ebay, refreshTokenExpiresAt, tokenRefusedAt }, now);

  it('says nothing while the refresh token has more than 30 days', () => {
    expect(w(days(31))).toBeNull();
    expect(w(null)).toBeNull();
  });
  it('warns with the date in Italian within 30 days', () => {
    expect(w(days(30))).toBe(m.tokenExpiresSoon('eBay', '20/12/2026'));
    expect(w(days(2))).toContain('scade il 22/11/2026');
  });
  it('says it expired once past', () => {
    expect(w(days(-1))).toBe(m.tokenExpired('eBay', '19/11/2026'));
  });
  it('tells the merchant to connect again when the marketplace refused the token, whatever the expiry', () => {
    expect(w(days(400), days(-1))).toBe(m.tokenRefused('eBay'));
    expect(w(days(400), days(-1))).toContain("collega di nuovo l'account eBay");
  });
});

describe('accessTokenNeedsRefresh', () => {
  it('refreshes an unknown expiry or one within the margin, keeps one beyond it', () => {
    expect(accessTokenNeedsRefresh(null, now, 600)).toBe(true);
    expect(accessTokenNeedsRefresh(new Date(now.getTime() + 600_000), now, 600)).toBe(true);
    expect(accessTokenNeedsRefresh(new Date(now.getTime() + 601_000), now, 600)).toBe(false);
    expect(accessTokenNeedsRefresh(new Date(now.getTime() - 1), now, 0)).toBe(true);
  });
});

describe('assertCanSync', () => {
  const base = { active: true, status: 'active' as const, statusMessage: null, marketplace: ebay };
  const code = (fn: () => void) => {
    try {
      fn();
      return 'ok';
    } catch (err) {
      return `${(err as { code: string }).code}: ${(err as Error).message}`;
    }
  };
  it('lets a switched-on active integration sync', () => {
    expect(code(() => assertCanSync(base))).toBe('ok');
  });
  it('refuses a switched-off, a pending and an integration in error (with its own message)', () => {
    expect(code(() => assertCanSync({ ...base, active: false }))).toBe(`INTEGRATION_INACTIVE: ${m.integrationInactive}`);
    expect(code(() => assertCanSync({ ...base, status: 'pending' }))).toBe(`INTEGRATION_PENDING: ${m.integrationPending}`);
    expect(code(() => assertCanSync({ ...base, status: 'error', statusMessage: 'eBay ha rifiutato il refresh token' }))).toBe('INTEGRATION_IN_ERROR: eBay ha rifiutato il refresh token');
  });
});

describe('assertSelectedMerchant', () => {
  const selected = '6f1c3e0a-1111-4222-8333-944455556666';
  it("accepts empty, 'current' and the selected merchant in any case", () => {
    for (const requested of ['', 'current', selected.toUpperCase(), ` ${selected} `]) expect(() => assertSelectedMerchant(requested, selected)).not.toThrow();
  });
  it("refuses another merchant's id as NOT_FOUND", () => {
    expect(() => assertSelectedMerchant('00000000-0000-4000-8000-000000000000', selected)).toThrow(m.merchantNotFound);
  });
});

describe('tokenMasks (spec §2 and §9)', () => {
  it('detail: 8 + 6 dots + 8; list: 10 + dots + 4', () => {
    const token = 'v^1.1#i^1#f^0#r^1#I^3#p^3#t^Ul4xMF8wOkNBMUY5QjM=';
    expect(tokenMasks(token)).toEqual({ masked: `${token.slice(0, 8)}......${token.slice(-8)}`, preview: `${token.slice(0, 10)}......${token.slice(-4)}` });
  });
  it('masks a short token fully', () => {
    expect(tokenMasks('abcdefghijkl')).toEqual({ masked: '......', preview: '......' });
  });
});
