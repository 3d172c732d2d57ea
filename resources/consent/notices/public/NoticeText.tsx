import { Alert, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { LAWFUL_BASES, itemNameIn, type PublishedNotice } from '../../../../contract/consent';
import { countryName } from '../../../../contract/countries';
import { formatDate } from '../../../../i18n/dates';

const THAI_SCRIPT = /[\u0E00-\u0E7F]/;

/**
 * The text a visitor reads in their language: the English when the page is in English and the
 * notice has it; else the Thai, marked `lang="th"`, and `fellBack` says a note is due.
 */
function reader(english: boolean) {
  const state = { fellBack: false };
  const say = (thai: string, eng?: string): ReactNode => {
    if (!english) return thai;
    if (eng?.trim()) return eng;
    if (!THAI_SCRIPT.test(thai)) return thai;
    state.fellBack = true;
    return <span lang="th">{thai}</span>;
  };
  return { say, state };
}

/**
 * Item names of a version (frozen when it was published) in the reader's language, each falling back
 * to its Thai name; every name is rendered as text.
 */
export const namesOf = (notice: PublishedNotice, ids: string[], lang: string) =>
  ids
    .map((id) => itemNameIn(notice.items[id], lang))
    .filter(Boolean)
    .join(', ');

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The published notice in plain language: who, why, on what basis, what, to whom, how long, rights. */
export function NoticeText({ notice }: { notice: PublishedNotice }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: Record<string, unknown>) => translate(`consent.public.${key}`, options);
  const d = notice.draft;
  const c = notice.controller;
  const contact = (x: { email: string; phone: string }) => [x.email, x.phone].filter(Boolean).join(', ');
  const bases = LAWFUL_BASES.filter((b) => d[b.key].active);
  const e = d.en;
  const { say, state } = reader(locale === 'en');
  // each name in English when it has one; the Thai ones marked (and noted) as the other texts are
  const names = (ids: string[]) =>
    ids
      .filter((id) => notice.items[id]?.name)
      .map((id, i) => (
        <span key={id}>
          {i ? ', ' : ''}
          {say(notice.items[id].name, notice.items[id].name_en)}
        </span>
      ));
  // built first: the note above it says whether any part fell back to Thai
  const text = (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {say(d.header.projectName, e?.projectName)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('version', { version: notice.version, date: formatDate(notice.published_dt, locale) })}
      </Typography>
      <Part title={t('controller')}>
        <Typography>{locale === 'en' && c.nameEn ? c.nameEn : c.name}</Typography>
        <Typography variant="body2">{c.address}</Typography>
        <Typography variant="body2">{t('contact', { contact: contact(c) })}</Typography>
      </Part>
      <Part title={t('dpo')}>
        <Typography>{notice.dpo.name}</Typography>
        <Typography variant="body2">{t('contact', { contact: contact(notice.dpo) })}</Typography>
      </Part>
      {d.header.projectActivity ? (
        <Part title={t('activity')}>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{say(d.header.projectActivity, e?.projectActivity)}</Typography>
        </Part>
      ) : null}
      <Part title={t('purposes')}>
        <Box component="ul" sx={{ my: 0 }}>
          {d.objective.map((id) => (
            <li key={id}>{say(notice.items[id]?.name ?? '', notice.items[id]?.name_en)}</li>
          ))}
        </Box>
      </Part>
      <Part title={t('basis')}>
        <Box component="ul" sx={{ my: 0 }}>
          {bases.map((b) => (
            <li key={b.key}>
              {translate(`consent.builder.bases.${b.key}`)}
              {d[b.key].remark ? <>: {say(d[b.key].remark, e?.remarks[b.key])}</> : ''}
            </li>
          ))}
        </Box>
      </Part>
      <Part title={t('data')}>
        <Typography>{names(d.consent.list)}</Typography>
      </Part>
      {d.consent.form.length || d.consent.cookie || d.consent.another ? (
        <Part title={t('sources')}>
          <Typography>
            {[
              d.consent.form.length ? names(d.consent.form) : null,
              d.consent.cookie ? translate('consent.builder.cookie') : null,
              d.consent.another && d.consent.anotherRemark ? say(d.consent.anotherRemark, e?.anotherRemark) : null,
            ]
              .filter(Boolean)
              .map((part, i) => (
                <span key={i}>
                  {i ? ', ' : ''}
                  {part}
                </span>
              ))}
          </Typography>
        </Part>
      ) : null}
      <Part title={t('recipients')}>
        {!d.disclosure.active ? (
          <Typography>{t('no_disclosure')}</Typography>
        ) : (
          <Box component="ul" sx={{ my: 0 }}>
            {d.disclosure.thirdParty
              ? d.disclosure.thirdPartyRemark.map((r, i) => (
                  <li key={i}>
                    {say(r.name, e?.thirdParty[i]?.name)}
                    {r.objective ? <>: {say(r.objective, e?.thirdParty[i]?.objective)}</> : ''}
                  </li>
                ))
              : null}
            {d.disclosure.public ? (
              <li>
                {t('public_disclosure', { names: '' })}
                {d.disclosure.publicRemark.map((r, i) => (
                  <span key={i}>
                    {i ? ', ' : ''}
                    {say(r.name, e?.public[i]?.name)}
                  </span>
                ))}
              </li>
            ) : null}
          </Box>
        )}
      </Part>
      <Part title={t('transfer')}>
        {d.tranfer.active ? (
          <>
            <Box component="ul" sx={{ my: 0 }} data-testid="notice-transfer-lines">
              {(notice.transfers ?? []).map((x) => (
                <li key={x.id}>
                  {t('transfer_to', { country: countryName(x.country, locale), importer: x.importer })}
                  {x.basis ? <> ({t(`transfer_bases.${x.basis}`)})</> : ''}
                </li>
              ))}
              {d.tranfer.country.trim() ? (
                <li>
                  {say(d.tranfer.country, e?.country)}
                  {d.tranfer.mechanism ? ` (${translate(`consent.builder.mechanisms.${d.tranfer.mechanism}`)})` : ''}
                </li>
              ) : null}
            </Box>
            {d.tranfer.remark ? <Typography>{say(d.tranfer.remark, e?.tranferRemark)}</Typography> : null}
          </>
        ) : (
          <Typography>{t('no_transfer')}</Typography>
        )}
      </Part>
      <Part title={translate('consent.builder.sections.security')}>
        <Typography>
          {t('retention', { number: d.security.number ?? '', unit: translate(`consent.builder.units.${d.security.typeCount}`) })}
          {d.security.remark ? <> ({say(d.security.remark, e?.securityRemark)})</> : ''}
        </Typography>
        {d.reconsent?.number ? (
          <Typography>{t('reconsent', { number: d.reconsent.number, unit: translate(`consent.builder.units.${d.reconsent.typeCount}`) })}</Typography>
        ) : null}
      </Part>
      <Part title={t('rights_title')}>
        <Typography>{t('rights')}</Typography>
      </Part>
    </>
  );
  return (
    <Box>
      {state.fellBack ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="notice-thai-fallback">
          {t('thai_fallback')}
        </Alert>
      ) : null}
      {text}
    </Box>
  );
}
