import { z } from 'zod';

// zod 4 probes `Function("")` to decide whether to compile its object parsers, and the pages' Content-Security-Policy
// (lib/csp.ts) has no 'unsafe-eval': the probe is caught, but the browser still reports a violation. Without the
// probe zod parses by interpretation, which is all our forms need. Every module takes zod from here.
z.config({ jitless: true });

export { z };
