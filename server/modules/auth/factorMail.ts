import { displayName } from '../../../contract/people';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { serverMessage, type Lang } from '../../http/messages';
import { sendMails } from '../../mail';
import { formatMailDate } from '../dsr/mailText';

/** What changed in a person's second factor, as the e-mail tells it. */
export type FactorChange = { kind: 'totp' } | { kind: 'passkey_added' | 'passkey_removed'; device: string } | { kind: 'reset'; admin: string };

const changeText = (lang: Lang, change: FactorChange) => {
  switch (change.kind) {
    case 'totp':
      return serverMessage(lang, 'second_factor_change_totp');
    case 'passkey_added':
      return serverMessage(lang, 'second_factor_change_passkey_added', { device: change.device });
    case 'passkey_removed':
      return serverMessage(lang, 'second_factor_change_passkey_removed', { device: change.device });
    case 'reset':
      return serverMessage(lang, 'second_factor_change_reset', { admin: change.admin });
  }
};

/**
 * Tells the person by e-mail that their second factor changed (an app enrolled, a passkey added or
 * removed, a reset by an administrator): whoever holds a stolen session or password is seen. Sent with
 * the caller's transaction (nothing is told of a change that did not land); no address, no e-mail.
 */
export async function tellFactorChanged(q: Queryable, config: ServerConfig, userId: string, lang: Lang, change: FactorChange) {
  const [user] = await q.query<{ email: string | null; username: string; firstname: string; lastname: string; company_code: string }>(
    `select u.email, u.username, u.firstname, u.lastname, c.code as company_code
       from users u join companies c on c.id = u.company_id where u.id = $1`,
    [userId],
  );
  if (!user?.email) return;
  const when = `${formatMailDate(new Date(), lang)} ${new Intl.DateTimeFormat('th-TH', { timeStyle: 'short', timeZone: 'Asia/Bangkok' }).format(new Date())}`;
  await sendMails(
    q,
    [
      {
        to: user.email,
        template: 'second_factor_changed',
        lang,
        params: {
          name: displayName(user),
          username: user.username,
          companyCode: user.company_code,
          change: changeText(lang, change),
          when,
        },
      },
    ],
    config.mail,
  );
}
