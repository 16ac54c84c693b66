import { createLogger } from '@smista/service-kit';
import { announcementFromManifest, announcementKey, type RemoteAnnouncement } from './announcement';
import { keepAnnounced, type AnnouncementSink } from './registry';

const logger = createLogger('registry-test', 'silent');
const announcement: RemoteAnnouncement = announcementFromManifest(
  { name: 'orders', metaData: { buildInfo: { buildVersion: '1.0.0' } }, shared: [{ name: 'react', version: '19.2.0', singleton: true }] },
  { manifestUrl: '/remotes/orders/mf-manifest.json', instance: 'orders-1', startedAt: new Date('2026-11-28T10:00:00Z') },
);

/** A sink holding what is announced, whose writes after the first wait until released (a slow NATS). */
function slowSink() {
  const held = new Map<string, RemoteAnnouncement>();
  const pending: (() => void)[] = [];
  let puts = 0;
  const sink: AnnouncementSink = {
    put: (a) =>
      new Promise<void>((resolve) => {
        puts += 1;
        if (puts === 1) {
          held.set(announcementKey(a), a);
          return resolve();
        }
        pending.push(() => {
          held.set(announcementKey(a), a);
          resolve();
        });
      }),
    remove: async (a) => void held.delete(announcementKey(a)),
  };
  return { sink, held, puts: () => puts, releaseAll: () => pending.splice(0).forEach((release) => release()) };
}

test('stop() waits for a renewal under way before withdrawing: a stopped server is never listed again', async () => {
  const { sink, held, puts, releaseAll } = slowSink();
  const writes = async (n: number) => {
    while (puts() < n) await new Promise((r) => setTimeout(r, 5));
  };
  const announcer = keepAnnounced(async () => [announcement], [sink], { logger, intervalMs: 5 });
  await announcer.firstWrite;
  // A renewal starts and hangs in its write.
  await writes(2);
  expect(held.size).toBe(1);
  const stopping = announcer.stop();
  // The renewal's write lands only after stop() has had every chance to withdraw.
  await new Promise((r) => setTimeout(r, 20));
  releaseAll();
  await stopping;
  expect(held.size).toBe(0);
  // No beat after stop() writes it back.
  await new Promise((r) => setTimeout(r, 30));
  releaseAll();
  expect(held.size).toBe(0);
});
