import { presetChangeReweighs } from './catalogue';

describe('presetChangeReweighs', () => {
  const preset = (tareGrams: number, isDefault: boolean) => ({ id: 7, tareGrams, isDefault });

  it("a tare moves the preset's own orders, and the default-packed ones when it is the default", () => {
    expect(presetChangeReweighs(preset(100, false), preset(150, false))).toEqual({ presetIds: [7], defaultPackage: false });
    expect(presetChangeReweighs(preset(100, true), preset(150, true))).toEqual({ presetIds: [7], defaultPackage: true });
  });

  it('a change of default moves the orders without a package of their own, a new default too even with no tare', () => {
    expect(presetChangeReweighs(preset(100, false), preset(100, true))).toEqual({ presetIds: [], defaultPackage: true });
    expect(presetChangeReweighs(preset(100, true), preset(100, false))).toEqual({ presetIds: [], defaultPackage: true });
    expect(presetChangeReweighs(null, preset(0, true))).toEqual({ presetIds: [], defaultPackage: true });
  });

  it('a new preset that is not the default, or a renamed one, moves nothing', () => {
    expect(presetChangeReweighs(null, preset(300, false))).toBeNull();
    expect(presetChangeReweighs(preset(100, false), preset(100, false))).toBeNull();
  });
});
