import { describe, expect, it } from 'vitest';
import { renderMail, type MailTemplate } from '../../i18n/messages';
import serverTexts from '../../i18n/server';

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('e-mail templates', () => {
  const templates = Object.keys(serverTexts.th.mail) as MailTemplate[];

  it.each(templates)('%s: the English text asks for the same values as the Thai one', (template) => {
    for (const part of ['subject', 'text'] as const) {
      expect(new Set(placeholders(serverTexts.en.mail[template][part]))).toEqual(new Set(placeholders(serverTexts.th.mail[template][part])));
    }
  });

  it.each(templates)('%s: every value is filled, in both languages', (template) => {
    const names = [...placeholders(serverTexts.th.mail[template].subject), ...placeholders(serverTexts.th.mail[template].text)];
    const params = Object.fromEntries(names.map((n) => [n, `<${n}>`]));
    for (const lang of ['th', 'en'] as const) {
      const mail = renderMail(template, lang, params);
      expect(mail.subject + mail.text).not.toMatch(/%\{/);
      for (const n of names) expect(mail.subject + mail.text).toContain(`<${n}>`);
    }
  });

  it('the reset e-mail carries the link on a line of its own and says when it expires', () => {
    const link = 'https://pdpa.example/reset-password?token=' + 'a'.repeat(64);
    const params = { name: 'สมชาย ใจดี', username: 'admin', companyCode: 'DEMO', minutes: 30, link };
    const thai = renderMail('reset_password', 'th', params);
    expect(thai.subject).toBe('ตั้งรหัสผ่านใหม่สำหรับบัญชี admin (DEMO)');
    expect(thai.text.split('\n')).toContain(link);
    expect(thai.text).toContain('หมดอายุใน 30 นาที');
    expect(renderMail('reset_password', 'en', params).text).toContain('expires in 30 minutes');
  });

  it('leaves a value nobody gave visible, so a broken call shows in tests', () => {
    expect(renderMail('reset_password', 'en', {}).subject).toBe('Set a new password for %{username} (%{companyCode})');
  });
});
