import { Alert, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { diffWords } from 'diff';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SheetDetail } from '../../contract/sheets';
import { formatDate } from '../../i18n/dates';
import { LoadFailed } from '../../src/components/LoadFailed';
import { useSheetsApi } from './sheetsApi';

/** The visible text of a saved HTML, one line per block, for a word diff a reader can follow. */
function textOf(html: string) {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|h1|h2|h3|li|blockquote)>/g, '</$1>\n').replace(/<br\s*\/?>/g, '\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** Every saved version, and what changed between two of them (added text underlined in green, removed struck in red). */
export function VersionCompare({ sheet }: { sheet: SheetDetail }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const api = useSheetsApi();
  const versions = sheet.versions;
  const [right, setRight] = useState(versions[0]?.version ?? 1);
  const [left, setLeft] = useState(versions[1]?.version ?? versions[0]?.version ?? 1);
  const texts = useQuery({
    queryKey: ['sheets', 'compare', sheet.id, left, right],
    queryFn: async () => {
      const [a, b] = await Promise.all([api.sheetVersion({ id: sheet.id, version: left }), api.sheetVersion({ id: sheet.id, version: right })]);
      return diffWords(textOf(a.body), textOf(b.body));
    },
  });
  const pick = (value: number, set: (v: number) => void, label: string) => (
    <TextField select size="small" label={label} value={value} onChange={(e) => set(Number(e.target.value))} sx={{ minWidth: 220 }}>
      {versions.map((v) => (
        <MenuItem key={v.version} value={v.version}>
          {translate('sheets.print.version', { version: v.version })} · {formatDate(v.saved_dt, locale)}
          {v.frozen ? ` · ${translate('sheets.states.published')}` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{translate('sheets.edit.versions')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {versions.map((v) => (
          <li key={v.version} data-testid="sheet-version">
            {translate('sheets.print.version', { version: v.version })} — {v.title} — {v.savedBy?.name ?? '-'} —{' '}
            {formatDate(v.saved_dt, locale, true)}
            {v.frozen ? ` (${translate('sheets.states.published')})` : ''}
          </li>
        ))}
      </Box>
      <Typography variant="subtitle1">{translate('sheets.edit.compare')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {pick(left, setLeft, translate('sheets.edit.compare_with'))}
        {pick(right, setRight, translate('sheets.edit.compare_with'))}
      </Stack>
      {texts.error ? <LoadFailed error={texts.error} onRetry={() => void texts.refetch()} /> : null}
      {texts.data && !texts.data.some((p) => p.added || p.removed) ? <Alert severity="info">{translate('sheets.edit.same')}</Alert> : null}
      {texts.data ? (
        <Box data-testid="sheet-diff" sx={{ whiteSpace: 'pre-wrap', border: 1, borderColor: 'divider', borderRadius: 1, p: 2, lineHeight: 1.8 }}>
          {texts.data.map((part, i) =>
            part.added ? (
              <Box component="ins" key={i} title={translate('sheets.edit.added')} sx={{ bgcolor: '#e6f4ea', color: '#1e4620' }}>
                {part.value}
              </Box>
            ) : part.removed ? (
              <Box component="del" key={i} title={translate('sheets.edit.removed')} sx={{ bgcolor: '#fdecea', color: '#5f2120' }}>
                {part.value}
              </Box>
            ) : (
              <span key={i}>{part.value}</span>
            ),
          )}
        </Box>
      ) : null}
    </Stack>
  );
}
