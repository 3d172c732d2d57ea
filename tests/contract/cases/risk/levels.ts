import { describe, expect } from 'vitest';
import { LEVELS, RISK_CATEGORIES } from '../../../../contract/risk';
import { th, en } from '../../../../i18n';
import { expectInvalidField, expectMessage, type Ctx } from '../../expectations';
import { kinds } from '../../kinds';
import { levelReply, ok, riskApi } from './helpers';

/** Risk management: the level names of each category. */
export function riskLevelsCases(ctx: Ctx) {
  const { shape, rule } = kinds(ctx);
  const { admin, siam, levels } = riskApi(ctx);

  describe('GET /datarisk/level/list and POST /datarisk/level/update', () => {
    const detailOf = (names: string[]) => names.map((name, i) => ({ level: i + 1, name }));
    const defaults = (lang: 'th' | 'en') => LEVELS.map((level) => ({ level, name: (lang === 'en' ? en : th).risk.level_defaults[level] }));
    const update = (body: unknown, token = admin()) => ctx.api.post('/datarisk/level/update', body, { token });

    shape.it('gives every category the default names, in Thai or in English, until saved', async () => {
      for (const type of RISK_CATEGORIES) {
        expect(await levels(type)).toEqual(defaults('th'));
        expect(await levels(type, { lang: 'en' })).toEqual(defaults('en'));
      }
      expect((await levels('risk-finance')).map((l) => l.name)).toEqual(['ต่ำมาก', 'ต่ำ', 'ปานกลาง', 'สูง', 'สูงมาก']);
      expect((await levels('risk-finance', { lang: 'en' })).map((l) => l.name)).toEqual(['Very low', 'Low', 'Medium', 'High', 'Very high']);
    });

    rule.it('saves five names (trimmed, returned by level) for the company and category only', async () => {
      const names = ['เล็กน้อย', 'น้อย', 'ปานกลาง', 'มาก', 'วิกฤต'];
      const shuffled = [4, 2, 0, 3, 1].map((i) => ({ level: i + 1, name: `  ${names[i]} ` }));
      const saved = ok(await update({ type: 'risk-customer', detail: shuffled }), levelReply);
      expect(saved.levelDetail).toEqual(detailOf(names));
      expect(await levels('risk-customer')).toEqual(detailOf(names));
      // saved names are the company's words: no translation
      expect(await levels('risk-customer', { lang: 'en' })).toEqual(detailOf(names));
      expect(await levels('risk-employee')).toEqual(defaults('th'));
      expect(await levels('risk-customer', { token: siam() })).toEqual(defaults('th'));

      const again = [...names.slice(0, 4), 'ร้ายแรงที่สุด'];
      expect(ok(await update({ type: 'risk-customer', detail: detailOf(again) }), levelReply).levelDetail).toEqual(detailOf(again));
      expect(await levels('risk-customer')).toEqual(detailOf(again));
    });

    shape.it('refuses a blank name, four levels, a repeated level, a level 6 and an unknown category (400), saving nothing', async () => {
      const good = ['ก', 'ข', 'ค', 'ง', 'จ'];
      const bad: [unknown, string][] = [
        [{ type: 'risk-operation', detail: detailOf(['ก', 'ข', '   ', 'ง', 'จ']) }, 'detail.2.name'],
        [{ type: 'risk-operation', detail: detailOf(good.slice(0, 4)) }, 'detail'],
        [{ type: 'risk-operation', detail: [...detailOf(good.slice(0, 4)), { level: 4, name: 'ซ้ำ' }] }, 'detail'],
        [{ type: 'risk-operation', detail: [...detailOf(good.slice(0, 4)), { level: 6, name: 'หก' }] }, 'detail.4.level'],
        [{ type: 'risk-operation', detail: [...detailOf(good), { level: 5, name: 'หก' }] }, 'detail'],
        [{ type: 'risk-operation', detail: detailOf([...good.slice(0, 4), 'ฉ'.repeat(101)]) }, 'detail.4.name'],
        [{ type: 'risk-operation', detail: detailOf(good).map((l) => ({ ...l, level: String(l.level) })) }, 'detail.0.level'],
        [{ type: 'risk-unknown', detail: detailOf(good) }, 'type'],
        [{ type: 'risk-operation' }, 'detail'],
        [{ type: 'risk-operation', detail: 'ก,ข,ค,ง,จ' }, 'detail'],
        [{}, 'type'],
        [[], '-'],
      ];
      for (const [body, field] of bad) expectInvalidField(await update(body), field);
      expectMessage(
        await ctx.api.call('POST', '/datarisk/level/update', { token: admin(), raw: '{"type": "risk-operation", ' }),
        400,
        'malformed_json',
      );
      expect(await levels('risk-operation')).toEqual(defaults('th'));
    });

    shape.it('refuses an unknown or missing category when listing (400)', async () => {
      expectInvalidField(await ctx.api.get('/datarisk/level/list?type=risk-weather', { token: admin() }), 'type');
      expectInvalidField(await ctx.api.get('/datarisk/level/list', { token: admin(), lang: 'en' }), 'type', 'en');
    });
  });
}
