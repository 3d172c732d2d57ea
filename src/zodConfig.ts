import { z } from 'zod';

// The page's Content-Security-Policy forbids eval: zod must not probe for it (its JIT needs `Function`).
z.config({ jitless: true });
