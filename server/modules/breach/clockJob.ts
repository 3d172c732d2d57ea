import { breachDeadline } from '../../../contract/breach';
import { formatDate } from '../../../i18n/dates';
import breachTexts from '../../../i18n/breach';
import type { MailConfig } from '../../config';
import type { Queryable } from '../../db/client';
import { sendMail } from '../../mail';
import { dpoContactOf } from '../dpo/rows';
import { addBreachHistory } from './rows';

/** The escalation a breach's clock has reached: 48 or 60 hours since `aware_at`, 72 (overdue), or day 10 (240 hours). */
const STAGE = `case when aware_at <= now() - interval '240 hours' then 240
                    when aware_at <= now() - interval '72 hours' then 72
                    when aware_at <= now() - interval '60 hours' then 60 else 48 end`;

/** A breach whose Office notice is still to be sent: open, not assessed as no risk, not notified (the clock runs). */
export const AWAITING_OFFICE_NOTICE = `office_notified_at is null and status <> 'closed' and (risk_level is null or risk_level <> 'none')`;

/** Without a mail configuration (tests, the development server) the e-mails go to the outbox table. */
const OUTBOX_ONLY: MailConfig = { from: 'pdpa@localhost', appUrl: 'http://localhost:5173' };

/**
 * The 72-hour clock's warnings (PDPA s.37(4)) for a breach whose Office notice is still to be sent:
 * - the bell warns every person of its company with menu 17 (a notification for the whole company,
 *   `user_id` null, of a menu-17 kind) at 48 hours, at 60 hours, when overdue, and at day 10;
 * - an e-mail to the DPO and the administrators at 48 and 60 hours and at day 10 (the Office accepts a
 *   late notice with its reasons up to 15 days), written in the breach's timeline.
 * The breach is marked in the same statement that picks it, so several server processes warn once per
 * stage; a stage missed while the server was down is not sent late, only the stage reached now. Runs
 * from the timed work (server/jobs.ts) for every company, and when a company's log is read. The pick
 * stays on `breaches_clock_idx` (0031_breach_letters_escalation.sql), whose predicate is this statement's.
 */
export async function raiseBreachClockNotifications(q: Queryable, companyId?: string, mail: MailConfig = OUTBOX_ONLY) {
  const params: unknown[] = companyId ? [companyId] : [];
  const marked = await q.query<{
    id: string;
    company_id: string;
    code: string;
    title: string;
    aware_at: Date | string;
    status: string;
    stage: number;
  }>(
    `with marked as (
       update breaches set clock_stage = ${STAGE}
        where ${AWAITING_OFFICE_NOTICE} and clock_stage < 240
          and aware_at <= now() - interval '48 hours' and clock_stage < ${STAGE}
          ${companyId ? 'and company_id = $1' : ''}
       returning id, company_id, code, title, aware_at, status, clock_stage
     ), bell as (
       insert into notifications (company_id, kind, params, link)
       select company_id, case when clock_stage >= 72 then 'breach_overdue' else 'breach_clock' end,
              jsonb_build_object('title', title, 'code', code, 'hours',
                case when clock_stage >= 72 then floor(extract(epoch from now() - aware_at) / 3600)::int - 72 else 72 - clock_stage end),
              '/databreach/create/' || id
         from marked
     )
     select id, company_id, code, title, aware_at, status, clock_stage as stage from marked`,
    params,
  );
  for (const b of marked) if (b.stage !== 72) await escalate(q, b, mail);
  return marked;
}

/** The e-mail of one stage to the company's DPO and administrators (each address once), and its timeline entry. */
async function escalate(
  q: Queryable,
  b: { id: string; company_id: string; code: string; title: string; aware_at: Date | string; status: string; stage: number },
  mail: MailConfig,
) {
  const lang = 'th' as const; // the product is Thai first; a person's language is not kept
  const t = breachTexts[lang].breach.escalation;
  const stage = b.stage === 240 ? 'day10' : b.stage === 60 ? 'h60' : 'h48';
  const people = await q.query<{ email: string; name: string }>(
    `select u.email, coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.username) as name
       from users u join roles r on r.id = u.role_id
      where u.company_id = $1 and not u.disabled and r.builtin in ('admin', 'dpo') and coalesce(u.email, '') <> ''`,
    [b.company_id],
  );
  const dpo = await dpoContactOf(q, b.company_id);
  const [company] = await q.query<{ code: string; detail: { nameTh?: string } }>('select code, detail from companies where id = $1', [b.company_id]);
  const to = new Map<string, string>();
  if (dpo.email) to.set(dpo.email.toLowerCase(), dpo.name);
  for (const p of people) if (!to.has(p.email.toLowerCase())) to.set(p.email.toLowerCase(), p.name);
  for (const [address, name] of to) {
    await sendMail(
      q,
      {
        to: address,
        template: 'breach_escalation',
        lang,
        params: {
          name,
          code: b.code,
          title: b.title,
          company: company.detail?.nameTh || company.code,
          stage: t.stage[stage],
          awareAt: formatDate(b.aware_at, lang, true),
          deadline: formatDate(breachDeadline(b.aware_at), lang, true),
          link: `${mail.appUrl}/databreach/create/${b.id}`,
        },
      },
      mail,
    );
  }
  await addBreachHistory(q, b.company_id, b.id, { action: 'escalated', status: b.status as 'discovered', detail: { stage: b.stage } });
}
