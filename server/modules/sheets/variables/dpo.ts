import { dpoContactOf } from '../../dpo/rows';
import type { SourceResolver } from './types';

/** `dpo.*`: the DPO data subjects write to (the current appointment, else the company settings' DPO contact). */
export const dpoVariables: SourceResolver = async (ctx) => {
  const dpo = await dpoContactOf(ctx.db, ctx.companyId);
  return { 'dpo.name': dpo.name || null, 'dpo.email': dpo.email || null, 'dpo.phone': dpo.phone || null };
};
