import { renderToStaticMarkup } from 'react-dom/server';
import { selectionIn, useListSelection } from './use-list-selection';

describe('selectionIn (spec §4: a change of the list clears the selection)', () => {
  const kept = { list: '/api/shipments?page=1&pageSize=20', ids: new Set([1, 2]) };
  it('keeps the ids chosen in the list shown', () => {
    expect([...selectionIn(kept, '/api/shipments?page=1&pageSize=20')]).toEqual([1, 2]);
  });
  it('has none in another list (another page, size, tab or filter)', () => {
    expect(selectionIn(kept, '/api/shipments?page=2&pageSize=20').size).toBe(0);
  });
});

describe('useListSelection', () => {
  it('starts empty', () => {
    function Count() {
      const { selected } = useListSelection('/api/orders?page=1');
      return <span>{selected.size}</span>;
    }
    expect(renderToStaticMarkup(<Count />)).toBe('<span>0</span>');
  });
});
