import { trackingPreviewSrc } from './tracking-page-preview';

describe('trackingPreviewSrc', () => {
  it('is the gateway preview, changed by a new logo', () => {
    expect(trackingPreviewSrc(null)).toBe('/api/tracking-page/preview');
    expect(trackingPreviewSrc('2026-06-01T10:00:00.000Z')).toBe('/api/tracking-page/preview?logo=2026-06-01T10%3A00%3A00.000Z');
    expect(trackingPreviewSrc('a')).not.toBe(trackingPreviewSrc('b'));
  });
});
