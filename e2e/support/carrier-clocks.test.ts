import { startGlsSandbox, startPosteDeliverySandbox, type GlsSandbox, type PosteDeliverySandbox } from '@smista/sandboxes';
import { advanceCarrierClocks } from './app';

// The helper alone, on sandboxes of its own: an app's (`ownGlsSandbox`, `ownPosteSandbox`) are the same servers.
let gls: GlsSandbox;
let poste: PosteDeliverySandbox;
beforeAll(async () => {
  [gls, poste] = await Promise.all([startGlsSandbox({ now: () => new Date('2026-03-05T09:00:00Z') }), startPosteDeliverySandbox({ now: () => new Date('2026-03-06T09:00:00Z') })]);
});
afterAll(() => Promise.all([gls.close(), poste.close()]));

test('advanceCarrierClocks moves both sandboxes of the app over HTTP, and refuses the shared ones', async () => {
  expect(await advanceCarrierClocks({ gls, poste }, 3 * 86_400)).toEqual({ gls: new Date('2026-03-08T09:00:00Z'), poste: new Date('2026-03-09T09:00:00Z') });
  await expect(advanceCarrierClocks({ gls, poste }, 0)).rejects.toThrow(/400/);
  await expect(advanceCarrierClocks({ gls }, 60)).rejects.toThrow(/ownGlsSandbox e ownPosteSandbox/);
  await expect(advanceCarrierClocks({}, 60)).rejects.toThrow(/ownGlsSandbox e ownPosteSandbox/);
});
