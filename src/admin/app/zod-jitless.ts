import { z } from 'zod';

// zod 4 probes `new Function` before its first parse to decide on JIT parsing; under the site's
// Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a violation.
// Imported first by main.tsx, so it runs before any module that parses at load. Parsing without JIT
// is as correct, and fast enough for forms.
z.config({ jitless: true });
