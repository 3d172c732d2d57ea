import { formatDate, formatYear, TIME_ZONE } from '../../../../i18n/dates';
import type { SourceResolver } from './types';

/** `date.*`: today in Bangkok, in the Buddhist era. */
export const dateVariables: SourceResolver = async (ctx) => ({
  'date.today': formatDate(ctx.now, ctx.lang),
  'date.todayShort': new Intl.DateTimeFormat('th-TH', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE }).format(ctx.now),
  'date.year': formatYear(ctx.lang, ctx.now),
});

/** `document.*`: the document's own title and version. */
export const documentVariables: SourceResolver = async (ctx) => ({
  'document.title': ctx.document.title,
  'document.version': String(ctx.document.version),
});
