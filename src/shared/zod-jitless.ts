import { z } from 'zod';

// zod 4 probes `new Function` before its first parse to decide on JIT parsing; under the site's
// Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a violation.
// Public islands that parse with zod import this module before any schema parses (the admin
// console has its own, src/admin/app/zod-jitless.ts). Parsing without JIT is as correct, and fast
// enough for forms.
z.config({ jitless: true });
