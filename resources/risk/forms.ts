import { z } from 'zod';
import { handleUpdateBody, levelDetail } from '../../contract/risk';

/** The RTP form: a plan is required. */
export const treatmentForm = z.object({ handleRisk: handleUpdateBody.shape.handleRisk.unwrap() });

/** The level settings form of one category. */
export const levelForm = z.object({ detail: levelDetail });
