/** The two widths every suite looks at: a laptop, and a phone under the 768 px breakpoint. */
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
