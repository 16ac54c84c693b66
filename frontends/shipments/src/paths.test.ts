import { DASHBOARD_SHIPMENTS_PATH, labelFileName, labelPath, manifestPath, mountPathOf, SHIPMENTS_PATH } from './paths';

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
});
