import { describe, expect, it } from 'vitest';
import { changeLines, valueText, type TextDeps } from './auditText';

/** The audit trail showed raw JSON and HTML; it shows a readable before/after of fields. */
const texts: Record<string, string> = {
  'audit.values.empty': '(ว่าง)',
  'audit.values.yes': 'ใช่',
  'audit.values.no': 'ไม่ใช่',
  'audit.fields.retention': 'ระยะเวลาเก็บ',
  'audit.fields.record': 'รายการ',
  'audit.fields.security': 'มาตรการ',
};
const deps: TextDeps = {
  translate: (key, options) => texts[key] ?? String(options?._ ?? key),
  locale: 'th',
  names: { a1b2: 'ฝ่ายบุคคล' },
};

describe('the audit trail reads values as a person does', () => {
  it('HTML as its text, no markup', () => {
    const text = valueText('<h1>นโยบาย</h1><p>ข้อมูล&nbsp;<strong>ส่วนบุคคล</strong></p>', deps, 200);
    expect(text).toBe('นโยบาย ข้อมูล ส่วนบุคคล');
    expect(text).not.toMatch(/[<>]/);
  });

  it('a list and a nested record as named fields, never JSON', () => {
    expect(valueText(['อีเมล', 'ชื่อ'], deps)).toBe('อีเมล, ชื่อ');
    const nested = valueText({ retention: '5 ปี', security: null, unknown_key: true }, deps, 200);
    expect(nested).toBe('ระยะเวลาเก็บ: 5 ปี; unknown_key: ใช่');
    expect(nested).not.toMatch(/[{}"]/);
    expect(valueText('a1b2', deps)).toBe('ฝ่ายบุคคล');
  });

  it('a changed record field as one line per item that changed', () => {
    const lines = changeLines('record', { retention: '5 ปี', security: 'เข้ารหัส' }, { retention: '10 ปี', security: 'เข้ารหัส' }, deps);
    expect(lines).toEqual(['รายการ › ระยะเวลาเก็บ: 5 ปี → 10 ปี']);
    expect(changeLines('retention', '', '<p>10 ปี</p>', deps)).toEqual(['ระยะเวลาเก็บ: (ว่าง) → 10 ปี']);
  });
});
