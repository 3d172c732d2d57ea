/**
 * A risk list's total as react-admin takes it: the seed's `totalDoc`, and when a search matched more rows
 * than the server counts (`totalCapped`), `meta.totalCapped` so the pager says "of more than".
 */
export const listTotal = (body: Record<string, unknown>) => ({
  total: body.totalDoc as number,
  ...(body.totalCapped === true && { meta: { totalCapped: true } }),
});
