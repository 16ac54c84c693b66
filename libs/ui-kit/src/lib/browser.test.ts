import { openInNewTab, saveBlob, SAVED_URL_LIFETIME_MS } from './browser';

/**
 * The tests run in node: the few browser objects these helpers touch are stood in for by plain
 * objects that record what was done to them (a browser API, not our code).
 */
const globals = globalThis as unknown as Record<string, unknown>;

describe('openInNewTab', () => {
  const opened: string[] = [];
  let tab: { opener: unknown } | null;
  beforeEach(() => {
    opened.length = 0;
    globals.window = {
      open: (url: string, target: string) => {
        opened.push(`${target} ${url}`);
        return tab;
      },
    };
  });
  afterAll(() => {
    delete globals.window;
  });

  it("opens the address in a new tab and cuts the tab's opener", () => {
    tab = { opener: 'this page' };
    expect(openInNewTab('/api/shipments/labels/bulk-download?data=x')).toBe(true);
    expect(opened).toEqual(['_blank /api/shipments/labels/bulk-download?data=x']);
    expect(tab.opener).toBeNull();
  });

  it('says false when the browser blocked the popup', () => {
    tab = null;
    expect(openInNewTab('/x')).toBe(false);
  });

  it('is not stopped by a tab that refuses the write', () => {
    tab = Object.defineProperty({} as { opener: unknown }, 'opener', {
      set() {
        throw new Error('cross-origin');
      },
    });
    expect(openInNewTab('/x')).toBe(true);
  });
});

describe('saveBlob', () => {
  it('clicks a hidden download link named as asked, then frees the URL', () => {
    jest.useFakeTimers();
    const done: string[] = [];
    const link = {
      href: '',
      download: '',
      rel: '',
      style: { display: '' },
      click: () => done.push(`click ${link.download} ${link.href} ${link.style.display}`),
      remove: () => done.push('remove'),
    };
    globals.document = { createElement: (tag: string) => (tag === 'a' ? link : null), body: { appendChild: () => done.push('append') } };
    const createObjectURL = jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pdf');
    const revokeObjectURL = jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    try {
      saveBlob(new Blob(['%PDF']), 'etichetta-42.pdf');
      expect(done).toEqual(['append', 'click etichetta-42.pdf blob:pdf none', 'remove']);
      expect(revokeObjectURL).not.toHaveBeenCalled();
      jest.advanceTimersByTime(SAVED_URL_LIFETIME_MS);
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:pdf');
    } finally {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
      delete globals.document;
      jest.useRealTimers();
    }
  });
});
