import { consentAs, EBAY_SANDBOX_APP, ebayAuthorizeUrl, ebaySandboxControl, startEbaySandbox, type EbaySandbox } from './index';

/*
 * The `/__sandbox/` control endpoints: registering apps and sellers, and their refusals of bad
 * input (a 4xx with an Italian message, never a 500).
 */

let ebay: EbaySandbox;

beforeAll(async () => {
  ebay = await startEbaySandbox({ port: 0 });
});
afterAll(async () => {
  await ebay.close();
});

const post = async (path: string, body: string) => {
  const res = await fetch(`${ebay.url}/__sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: res.status, body: (await res.json()) as { message?: string } };
};

describe('defaults', () => {
  it('starts with the default app and the documented sellers, who can consent', async () => {
    const sellers = await ebaySandboxControl(ebay.url).sellers();
    expect(sellers).toEqual([
      { username: 'smista_test_seller', userId: expect.any(String), accountType: 'BUSINESS', orders: 250 },
      { username: 'smista_test_privato', userId: expect.any(String), accountType: 'INDIVIDUAL', orders: 250 },
      { username: 'smista_test_vuoto', userId: expect.any(String), accountType: 'BUSINESS', orders: 0 },
    ]);
    for (const [username, password] of [
      ['smista_test_seller', 'Sandbox1!'],
      ['smista_test_privato', 'Sandbox2!'],
      ['smista_test_vuoto', 'Sandbox3!'],
    ] as const) {
      const location = await consentAs(ebayAuthorizeUrl(ebay.url, { state: 'ebay' }), { username, password, accept: true });
      expect(location.startsWith(`${EBAY_SANDBOX_APP.acceptUrl}?state=ebay&code=`)).toBe(true);
    }
  });
});

describe('apps', () => {
  it('registers an app per test gateway, whose consent goes back to its own accept URL', async () => {
    const control = ebaySandboxControl(ebay.url);
    const app = { ...EBAY_SANDBOX_APP, clientId: 'SmistaSr-Smista-SBX-test00001-00000001', acceptUrl: 'http://127.0.0.1:41234/marketplace/callback' };
    await control.registerApp(app);
    const location = await consentAs(ebayAuthorizeUrl(ebay.url, { app, state: 'ebay' }), { username: 'smista_test_seller', password: 'Sandbox1!', accept: true });
    expect(location.startsWith('http://127.0.0.1:41234/marketplace/callback?state=ebay&code=')).toBe(true);
    // Registering the same client id again replaces it.
    await control.registerApp({ ...app, acceptUrl: 'http://127.0.0.1:41235/marketplace/callback' });
    const moved = await consentAs(ebayAuthorizeUrl(ebay.url, { app }), { username: 'smista_test_seller', password: 'Sandbox1!', accept: true });
    expect(moved.startsWith('http://127.0.0.1:41235/marketplace/callback?code=')).toBe(true);
  });

  it.each([
    ['a missing ruName', { clientId: 'a', clientSecret: 'b', acceptUrl: 'http://x/cb' }, 'Campo obbligatorio mancante: ruName'],
    ['a relative acceptUrl', { clientId: 'a', clientSecret: 'b', ruName: 'r', acceptUrl: '/marketplace/callback' }, 'acceptUrl deve essere un indirizzo http(s) assoluto'],
    ['a javascript: declineUrl', { clientId: 'a', clientSecret: 'b', ruName: 'r', acceptUrl: 'http://x/cb', declineUrl: 'javascript:alert(1)' }, 'declineUrl deve essere'],
  ])('refuses an app with %s', async (_case, app, message) => {
    const res = await post('/apps', JSON.stringify(app));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });
});

describe('sellers', () => {
  it('creates a seller with its orders and refuses the same username again unless replace is asked', async () => {
    const control = ebaySandboxControl(ebay.url);
    const made = await control.addSeller({ username: 'negozio_prova', orders: 12, seed: 3, accountType: 'INDIVIDUAL' });
    expect(made).toEqual({ username: 'negozio_prova', userId: expect.stringMatching(/^[A-Za-z0-9]{11}$/), accountType: 'INDIVIDUAL', orders: 12 });
    expect(await control.orders('negozio_prova')).toHaveLength(12);
    await expect(control.addSeller({ username: 'Negozio_Prova', orders: 1 })).rejects.toThrow('Il venditore Negozio_Prova esiste già');
    const again = await control.addSeller({ username: 'negozio_prova', orders: 3, replace: true });
    expect(again.orders).toBe(3);
    // The default password when none is given.
    const location = await consentAs(ebayAuthorizeUrl(ebay.url), { username: 'negozio_prova', password: 'Sandbox1!', accept: true });
    expect(new URL(location).searchParams.get('code')).toBeTruthy();
  });

  it.each([
    ['a username with spaces', '{"username":"mio negozio","orders":1}', 'username non valido'],
    ['negative orders', '{"username":"ok_name","orders":-1}', 'orders deve essere un numero intero'],
    ['orders as text', '{"username":"ok_name","orders":"10"}', 'orders deve essere un numero intero'],
    ['an unknown account type', '{"username":"ok_name","orders":1,"accountType":"AZIENDA"}', 'accountType deve essere BUSINESS o INDIVIDUAL'],
    ['a body that is not JSON', '{"username":', 'JSON non leggibile'],
  ])('refuses %s with a 400 and an Italian message', async (_case, body, message) => {
    const res = await post('/sellers', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('answers 404 for an unknown seller or control endpoint', async () => {
    const control = ebaySandboxControl(ebay.url);
    await expect(control.orders('nessuno')).rejects.toThrow('Venditore nessuno non trovato');
    await expect(control.revokeSeller('nessuno')).rejects.toThrow('404');
    await expect(control.expireAccessTokens('nessuno')).rejects.toThrow('404');
    const res = await fetch(`${ebay.url}/__sandbox/boh`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toContain('README.md');
  });
});

describe('unknown eBay paths', () => {
  it('answer 404 in eBay’s error envelope', async () => {
    const res = await fetch(`${ebay.url}/sell/inventory/v1/inventory_item`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { errors: { errorId: number }[] }).errors[0]!.errorId).toBe(2002);
  });
});
