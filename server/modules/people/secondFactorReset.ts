import { displayName, personParams, personReply } from '../../../contract/people';
import type { ServerConfig } from '../../config';
import { ApiError } from '../../http/errors';
import { route } from '../../http/route';
import { tellFactorChanged } from '../auth/factorMail';
import { endSessions, loadPerson, write } from './people';

/** An administrator resets another person's lost second factor (menu 14's edit right); the person is told by e-mail. */
export const secondFactorResetRoutes = (config: ServerConfig) => [
  route({
    method: 'DELETE',
    url: '/people/:id/second-factor',
    access: write,
    reply: personReply,
    params: personParams,
    handler: async ({ db, session, params }) => {
      const target = await loadPerson(db, session.companyId, params.id);
      // a lost authenticator is another administrator's to reset: one who lost theirs cannot be signed in with it
      if (params.id === session.userId) throw new ApiError(409, 'second_factor_reset_self');
      if (!target.secondFactor) throw new ApiError(409, 'second_factor_none');
      await db.tx(async (q) => {
        // the trail keeps the delete (the secret as ***), under the administrator who made it
        await q.query('delete from user_totp where user_id = $1 and company_id = $2', [params.id, session.companyId]);
        await q.query('delete from user_passkeys where user_id = $1 and company_id = $2', [params.id, session.companyId]);
        await q.query('delete from signin_challenges where user_id = $1', [params.id]);
        // whoever holds the lost device signs in no further; the person enrols again at the next sign-in if their role asks
        await endSessions(q, params.id);
        // in Thai: the person's own language is not known (the request's is the administrator's)
        await tellFactorChanged(q, config, params.id, 'th', { kind: 'reset', admin: displayName(session.user) });
      });
      return { data: await loadPerson(db, session.companyId, params.id) };
    },
  }),
];
