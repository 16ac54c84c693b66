import { untracedUrls } from './traced-urls';

const origin = 'http://127.0.0.1:8080';
const ignored = (url: string) => untracedUrls(origin).some((re) => re.test(url));

describe('untracedUrls', () => {
  it('traces the same-origin /api calls', () => {
    expect(ignored('http://127.0.0.1:8080/api/user')).toBe(false);
    expect(ignored('http://127.0.0.1:8080/api/merchants/m1/users?x=1')).toBe(false);
    expect(ignored('http://127.0.0.1:8080/api/telemetry/tracesx')).toBe(false);
  });

  it('leaves alone the telemetry call, other paths and other origins', () => {
    expect(ignored('http://127.0.0.1:8080/api/telemetry/traces')).toBe(true);
    expect(ignored('http://127.0.0.1:8080/api/telemetry/traces?x=1')).toBe(true);
    expect(ignored('http://127.0.0.1:8080/remotes.json')).toBe(true);
    expect(ignored('http://127.0.0.1:8080/remotes/settings/mf-manifest.json')).toBe(true);
    expect(ignored('http://127.0.0.1:8080/apix/user')).toBe(true);
    expect(ignored('http://127.0.0.1:80800/api/user')).toBe(true);
    expect(ignored('https://auth.ebay.com/api/user')).toBe(true);
    expect(ignored('http://127.0.0.1x8080/api/user')).toBe(true);
  });
});
