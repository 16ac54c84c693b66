import { decodeLabelIds } from '@smista/contracts';
import { bulkLabelsPath } from './shipment-labels';

describe('bulkLabelsPath', () => {
  it('sends the ids in order, as the server decodes them', () => {
    const path = bulkLabelsPath([30, 4, 1000]);
    expect(path.startsWith('/api/shipments/labels/bulk-download?data=')).toBe(true);
    const data = new URL(path, 'http://x').searchParams.get('data') ?? undefined;
    expect(decodeLabelIds(data)).toEqual([30, 4, 1000]);
    expect(data).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
