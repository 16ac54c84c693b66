import { ToastStore, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from './toast-store';

describe('ToastStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps one toast at a time, newest first', () => {
    const store = new ToastStore();
    store.show({ title: 'uno' });
    store.show({ title: 'due', variant: 'destructive' });
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['due']);
    expect(store.getSnapshot()[0].variant).toBe('destructive');
  });

  it('closes after the default 5000 ms and removes it after 1,000,000 ms more', () => {
    const store = new ToastStore();
    store.show({ title: 'ciao' });
    jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.getSnapshot()[0].open).toBe(true);
    jest.advanceTimersByTime(1);
    expect(store.getSnapshot()[0].open).toBe(false);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('notifies subscribers', () => {
    const store = new ToastStore();
    const seen: number[] = [];
    const off = store.subscribe((t) => seen.push(t.length));
    store.show({ title: 'a' });
    off();
    store.show({ title: 'b' });
    expect(seen).toEqual([1]);
  });
});
