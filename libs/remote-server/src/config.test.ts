import { parseRemoteServerConfig, servedPath } from './config';

const base = { NATS_URL: 'nats://nats:4222' };

describe('remote server config', () => {
  it('serves ./dist at /remotes/<name>/ (decided from the manifest) in the default bucket', () => {
    const c = parseRemoteServerConfig(base);
    expect(c).toMatchObject({ port: 8090, host: '0.0.0.0', metricsPort: 9464, publicUrl: undefined, bucket: 'smista_remotes' });
    expect(c.remoteDir).toBe(`${process.cwd()}/dist`);
  });

  it('takes a root-relative or absolute public URL ending in /, and serves the files at its path', () => {
    expect(parseRemoteServerConfig({ ...base, REMOTE_PUBLIC_URL: '/remotes/orders/' }).publicUrl).toBe('/remotes/orders/');
    expect(servedPath('/remotes/orders/')).toBe('/remotes/orders/');
    expect(servedPath('https://cdn.smista.example/ui/orders/')).toBe('/ui/orders/');
  });

  it.each(['remotes/orders/', '/remotes/orders', '//evil.example/orders/', 'ftp://cdn.example/orders/', 'https://cdn.example'])('refuses REMOTE_PUBLIC_URL %p', (url) => {
    expect(() => parseRemoteServerConfig({ ...base, REMOTE_PUBLIC_URL: url })).toThrow(/REMOTE_PUBLIC_URL/);
  });

  it('refuses a relative REMOTE_DIR, a bad bucket name and a missing NATS_URL', () => {
    expect(() => parseRemoteServerConfig({ ...base, REMOTE_DIR: 'dist' })).toThrow(/REMOTE_DIR/);
    expect(() => parseRemoteServerConfig({ ...base, REMOTES_BUCKET: 'a.b' })).toThrow(/REMOTES_BUCKET/);
    expect(() => parseRemoteServerConfig({})).toThrow(/NATS_URL/);
  });
});
