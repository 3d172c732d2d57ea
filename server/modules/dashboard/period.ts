import { format } from 'date-fns';
import { addDays, bangkokDayStart, inBangkok } from '../../../contract/clock';
import { DASHBOARD_MAX_DAYS, type DashboardQuery } from '../../../contract/dashboard';
import { badRequest } from '../../http/errors';

/** A dashboard period: Bangkok days `from`..`to` (both included) as the instants [start, end), and the period of the same length before it. */
export interface Period {
  from: string;
  to: string;
  start: Date;
  end: Date;
  previousStart: Date;
  /** the Bangkok day after `to`, and the first day of the period before */
  dayAfter: string;
  previousFrom: string;
  days: number;
  unit: 'day' | 'week' | 'month';
  departmentId?: string;
}

const dayOf = (at: Date) => format(inBangkok(at), 'yyyy-MM-dd');

/** The query's period, or the last 12 months (from the first day of the month 11 months ago to today). */
export function periodOf(query: DashboardQuery, now = new Date()): Period {
  const today = inBangkok(now);
  const to = query.to ?? dayOf(now);
  const from = query.from ?? format(new Date(today.getFullYear(), today.getMonth() - 11, 1), 'yyyy-MM-dd');
  const start = bangkokDayStart(from);
  const end = addDays(bangkokDayStart(to), 1);
  const days = Math.round((end.getTime() - start.getTime()) / 86_400_000);
  if (days < 1 || days > DASHBOARD_MAX_DAYS) throw badRequest();
  const unit = days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
  const previousStart = addDays(start, -days);
  return {
    from,
    to,
    start,
    end,
    previousStart,
    dayAfter: dayOf(end),
    previousFrom: dayOf(previousStart),
    days,
    unit,
    departmentId: query.departmentId,
  };
}

/** Every bucket's first day from `from` to `to`, as the graph's x axis (days without data are 0). */
export function bucketsOf(p: Period): string[] {
  const out: string[] = [];
  const first = new Date(`${p.from}T00:00:00Z`);
  if (p.unit === 'month') first.setUTCDate(1);
  if (p.unit === 'week') first.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
  for (let d = first; d.toISOString().slice(0, 10) <= p.to;) {
    out.push(d.toISOString().slice(0, 10));
    d = new Date(d);
    if (p.unit === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
    else d.setUTCDate(d.getUTCDate() + (p.unit === 'week' ? 7 : 1));
  }
  return out;
}
