import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { LAWFUL_BASES, type PublishedNotice } from '../../../contract/consent';
import { formatDate } from '../../../i18n/dates';

/** Item names of a version (frozen when it was published); every name is rendered as text. */
export const namesOf = (notice: PublishedNotice, ids: string[]) =>
  ids
    .map((id) => notice.items[id]?.name)
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
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {d.header.projectName}
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
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{d.header.projectActivity}</Typography>
        </Part>
      ) : null}
      <Part title={t('purposes')}>
        <Box component="ul" sx={{ my: 0 }}>
          {d.objective.map((id) => (
            <li key={id}>{notice.items[id]?.name}</li>
          ))}
        </Box>
      </Part>
      <Part title={t('basis')}>
        <Box component="ul" sx={{ my: 0 }}>
          {bases.map((b) => (
            <li key={b.key}>
              {translate(`consent.builder.bases.${b.key}`)}
              {d[b.key].remark ? `: ${d[b.key].remark}` : ''}
            </li>
          ))}
        </Box>
      </Part>
      <Part title={t('data')}>
        <Typography>{namesOf(notice, d.consent.list)}</Typography>
      </Part>
      {d.consent.form.length || d.consent.cookie || d.consent.another ? (
        <Part title={t('sources')}>
          <Typography>
            {[
              namesOf(notice, d.consent.form),
              d.consent.cookie ? translate('consent.builder.cookie') : '',
              d.consent.another ? d.consent.anotherRemark : '',
            ]
              .filter(Boolean)
              .join(', ')}
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
                    {r.name}
                    {r.objective ? `: ${r.objective}` : ''}
                  </li>
                ))
              : null}
            {d.disclosure.public ? <li>{t('public_disclosure', { names: d.disclosure.publicRemark.map((r) => r.name).join(', ') })}</li> : null}
          </Box>
        )}
      </Part>
      <Part title={t('transfer')}>
        <Typography>
          {d.tranfer.active
            ? `${d.tranfer.country}${d.tranfer.mechanism ? ` (${translate(`consent.builder.mechanisms.${d.tranfer.mechanism}`)})` : ''}${d.tranfer.remark ? `: ${d.tranfer.remark}` : ''}`
            : t('no_transfer')}
        </Typography>
      </Part>
      <Part title={translate('consent.builder.sections.security')}>
        <Typography>
          {t('retention', { number: d.security.number ?? '', unit: translate(`consent.builder.units.${d.security.typeCount}`) })}
          {d.security.remark ? ` (${d.security.remark})` : ''}
        </Typography>
      </Part>
      <Part title={t('rights_title')}>
        <Typography>{t('rights')}</Typography>
      </Part>
    </Box>
  );
}
