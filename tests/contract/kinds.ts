import { describe, it } from 'vitest';
import type { Ctx } from './expectations';

/**
 * The two kinds of contract case. A **shape** case checks what any implementation of /api/v1 must
 * answer — statuses, keys and types, paging, 401/403/404, bad input — and runs on every target:
 * the fake-api, the server on PGlite and on PostgreSQL. A **rule** case checks the server's rules —
 * state machines, clocks, throttles, the s.23 checks, the contents of exports (CSV, PDF, XLSX), the
 * audit trail, refusals that protect the company (409) — and runs on the server only: the fake-api
 * does not re-implement them (fake-api/README.md).
 *
 *     const { shape, rule } = kinds(ctx);
 *     shape.it('lists the events with totalDoc', ...);
 *     rule.it('refuses to finish while an H item lacks its owner (400)', ...);
 */
export function kinds(ctx: Pick<Ctx, 'target'>) {
  const onServer = ctx.target !== 'fake-api';
  return {
    shape: { it, describe },
    rule: { it: it.runIf(onServer), describe: describe.runIf(onServer) },
  };
}
