import { config as zodConfig } from 'zod/v4/core';

// zod probes `new Function` when the first schema is built, to compile its validators; the CSP (no
// 'unsafe-eval') refuses it and reports a violation. Validate without it: set here, before any
// module that builds a schema loads (the setting is global, so it holds for the remotes' zod too).
zodConfig({ jitless: true });

// Async boundary: the shared singletons are negotiated before any React code runs.
import('./bootstrap');
