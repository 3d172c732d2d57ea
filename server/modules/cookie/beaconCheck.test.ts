import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieBeacon } from '../../../contract/cookie';
import { ApiError } from '../../http/errors';
import { badTextPath } from '../../http/inputGuard';
import { checkBeacon, quickBeacon } from './beaconCheck';

const good = () => ({ d: randomUUID(), v: 1, id: randomUUID(), m: 'accept_all', c: { necessary: true, analytics: false }, p: '/', l: 'th' });

/** What the schema and the text guard alone make of `x`: the beacon, or 'refused'. */
function bySchema(x: unknown) {
  const r = cookieBeacon.safeParse(x);
  return r.success && badTextPath(r.data) === undefined ? r.data : 'refused';
}

// good beacons, and one change away from good in every way the schema and the text guard look at
const variants: Array<[string, unknown]> = [
  ['the banner’s own', good()],
  ['every field', { ...good(), gpc: true, u: ['_ga', '_fbp'], l: 'en', m: 'custom', v: 1_000_000, t: 'x.y', s: randomUUID() }],
  ['no optional field', { d: randomUUID(), v: 3, id: randomUUID(), m: 'reject_all', c: {} }],
  ['an upper-case id', { ...good(), id: randomUUID().toUpperCase() }],
  ['the nil uuid', { ...good(), id: '00000000-0000-0000-0000-000000000000' }],
  ['a uuid of no version', { ...good(), id: 'a0eebc99-9c0b-0ef8-bb6d-6bb9bd380a11' }],
  ['not a uuid', { ...good(), d: 'x' }],
  ['a version 0', { ...good(), v: 0 }],
  ['a version of 1.5', { ...good(), v: 1.5 }],
  ['a version as text', { ...good(), v: '1' }],
  ['a version too high', { ...good(), v: 1_000_001 }],
  ['an unknown method', { ...good(), m: 'all' }],
  ['a category in capitals', { ...good(), c: { Analytics: true } }],
  ['a service of a category', { ...good(), c: { necessary: true, marketing: true, 'marketing.meta': false } }],
  ['a service in capitals', { ...good(), c: { 'marketing.Meta': false } }],
  ['a service of a service', { ...good(), c: { 'marketing.meta.pixel': false } }],
  ['a service without its category', { ...good(), c: { '.meta': false } }],
  ['a one-letter category', { ...good(), c: { a: true } }],
  ['a category as text', { ...good(), c: { analytics: 'true' } }],
  ['categories as a list', { ...good(), c: [true] }],
  ['no categories', { ...good(), c: null }],
  ['a path of 512', { ...good(), p: '/' + 'x'.repeat(511) }],
  ['a path of 513', { ...good(), p: '/' + 'x'.repeat(512) }],
  ['a NUL in the path', { ...good(), p: '/a\u0000' }],
  ['a lone surrogate in the path', { ...good(), p: '/\uD800' }],
  ['a Thai path', { ...good(), p: '/สินค้า' }],
  ['a path as null', { ...good(), p: null }],
  ['another language', { ...good(), l: 'fr' }],
  ['gpc as text', { ...good(), gpc: 'yes' }],
  ['31 undeclared names', { ...good(), u: Array.from({ length: 31 }, (_, i) => `c${i}`) }],
  ['an empty undeclared name', { ...good(), u: [''] }],
  ['an undeclared name of 101', { ...good(), u: ['x'.repeat(101)] }],
  ['a NUL in an undeclared name', { ...good(), u: ['a\u0000'] }],
  ['undeclared names as text', { ...good(), u: '_ga' }],
  ['a submission id that is no uuid', { ...good(), s: 'retry-1' }],
  ['a submission id as a number', { ...good(), s: 1 }],
  ['an upper-case submission id', { ...good(), s: randomUUID().toUpperCase() }],
  ['an unknown key', { ...good(), x: 1 }],
  ['a __proto__ key', JSON.parse(`{"__proto__": {"x": 1}, ${JSON.stringify(good()).slice(1)}`)],
  ['a list', [good()]],
  ['text', 'beacon'],
  ['null', null],
];

describe('the beacon check', () => {
  it.each(variants)('the quick check of %s is the schema’s answer, or leaves it to the schema', (_label, x) => {
    const quick = quickBeacon(x);
    const schema = bySchema(x);
    if (quick !== undefined) expect(quick).toEqual(schema);
    // whatever it leaves to the schema, the check as a whole answers as the schema does
    let checked: unknown;
    try {
      checked = checkBeacon(JSON.stringify(x));
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      checked = 'refused';
    }
    expect(checked).toEqual(schema);
  });

  it('takes the banner’s beacons the quick way, defaults filled in as the schema fills them', () => {
    for (const [label, x] of variants.slice(0, 3)) expect(quickBeacon(x), label).toEqual(cookieBeacon.parse(x));
    expect(quickBeacon(variants[2][1])).toMatchObject({ p: '/', l: 'th', gpc: false, u: [] });
  });

  it('refuses what is not a beacon with the route’s words: too big, not JSON, text the database cannot store', () => {
    const code = (body: unknown) => {
      try {
        checkBeacon(body);
        return 'accepted';
      } catch (err) {
        return `${(err as ApiError).statusCode} ${(err as ApiError).msgKey}`;
      }
    };
    expect(code(JSON.stringify({ ...good(), p: '/' + 'ก'.repeat(1400) }))).toBe('400 cookie_beacon_invalid'); // 4,2xx bytes
    expect(code('{"d":')).toBe('400 cookie_beacon_invalid');
    expect(code(JSON.stringify({ ...good(), p: '/a\u0000' }))).toBe('400 text_nul');
    expect(code(good())).toBe('accepted'); // parsed by Fastify (application/json)
  });
});
