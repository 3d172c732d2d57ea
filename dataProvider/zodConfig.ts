import { z } from 'zod';

// The page's Content-Security-Policy forbids eval: zod must not probe for it (its JIT needs `Function`;
// the probe runs when the first object schema is built, and the refused eval is a console error).
// Imported first by http.ts, the browser's first module that builds schemas (contract/http.ts), so it
// runs before them whichever chunk the bundler puts them in, and first by main.tsx.
z.config({ jitless: true });
