import type { ServerConfig } from '../../config';
import type { Lang } from '../../http/messages';

/** "21 พฤศจิกายน 2569" / "21 November 2569 BE": Bangkok time, Buddhist era, as the screens show dates. */
export const formatMailDate = (date: Date, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB-u-ca-buddhist' : 'th-TH', { dateStyle: 'long', timeZone: 'Asia/Bangkok' }).format(date);

export const trackingLink = (config: ServerConfig) => `${config.mail.appUrl}/dsrtracking`;
