import { decodeLabelIds } from '@smista/contracts';
import { bulkLabelsPath, DASHBOARD_SHIPMENTS_PATH, labelFileName, labelPath, manifestPath, mountPathOf, SHIPMENTS_PATH } from './paths';

describe('mountPathOf', () => {
  it('tells the two mounts apart', () => {
    expect(mountPathOf('/shipments')).toBe(SHIPMENTS_PATH);
    expect(mountPathOf('/shipments/x')).toBe(SHIPMENTS_PATH);
    expect(mountPathOf('/dashboard/shipments')).toBe(DASHBOARD_SHIPMENTS_PATH);
    expect(mountPathOf('/shipmentsx')).toBe(DASHBOARD_SHIPMENTS_PATH);
  });
});

describe('download paths', () => {
  it('names the label, its file and the manifest by id', () => {
    expect(labelPath(42)).toBe('/api/shipments/42/label');
    expect(labelFileName(42)).toBe('etichetta-42.pdf');
    expect(manifestPath(7)).toBe('/api/shipments/manifests/7');
  });
  it('sends the bulk download the ids in order, as the server decodes them', () => {
    const path = bulkLabelsPath([30, 4, 1000]);
    expect(path.startsWith('/api/shipments/labels/bulk-download?data=')).toBe(true);
    const data = new URL(path, 'http://x').searchParams.get('data') ?? undefined;
    expect(decodeLabelIds(data)).toEqual([30, 4, 1000]);
    expect(data).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
