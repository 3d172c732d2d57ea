import { z } from 'zod';
import { handleUpdateBody, levelDetail, riskCreateBody } from '../../contract/risk';

/** The add/edit form of an event or plan: the contract's rules under the form's field names. */
export const riskMasterForm = z.object({
  name: riskCreateBody.shape.riskMasterData,
  confidentiality: z.boolean().optional(),
  integrity: z.boolean().optional(),
  availability: z.boolean().optional(),
});

/** The RTP form: a plan is required. */
export const treatmentForm = z.object({ handleRisk: handleUpdateBody.shape.handleRisk.unwrap() });

/** The level settings form of one category. */
export const levelForm = z.object({ detail: levelDetail });
