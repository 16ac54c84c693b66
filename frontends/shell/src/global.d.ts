declare module '*.css';

/** The shell's ranges for the shared singletons (rspack-common.js `compatibilityRanges`), set at build. */
declare const __SHARED_RANGES__: Record<string, string>;
