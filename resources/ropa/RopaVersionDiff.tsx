import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { diffWords, type ChangeObject } from 'diff';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { RopaDetail } from '../../contract/ropa';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ScreenLoader } from '../../src/components/ScreenLoader';
import { itemsOf } from './RopaPreview';
import { useRopaChoices } from './ropaUi';

// Thai has no spaces between words: the diff cuts by word the way the browser does
const words = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('th', { granularity: 'word' }) : undefined;

/** One side of a changed item: the parts it holds, the other side's parts left out, its own marked. */
function Side({ parts, side }: { parts: ChangeObject<string>[]; side: 'removed' | 'added' }) {
  const translate = useTranslate();
  return (
    <>
      {parts.map((p, i) =>
        p[side] ? (
          <Box
            key={i}
            component={side === 'added' ? 'ins' : 'del'}
            title={translate('ropa.review.changed')}
            sx={side === 'added' ? { bgcolor: '#e6f4ea', color: '#1e4620' } : { bgcolor: '#fdecea', color: '#5f2120' }}
          >
            {p.value}
          </Box>
        ) : p.added || p.removed ? null : (
          <span key={i}>{p.value}</span>
        ),
      )}
    </>
  );
}

/**
 * Two approved versions of an activity side by side, item by item in the register's order (the preview's
 * `itemsOf`): removed words struck through on the left, added ones underlined on the right.
 */
export function RopaVersionDiff({ detail, open, onClose }: { detail: RopaDetail; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const choices = useRopaChoices();
  const versions = detail.versions;
  const [right, setRight] = useState(versions[0]?.version ?? 1);
  const [left, setLeft] = useState(versions[1]?.version ?? versions[0]?.version ?? 1);
  const [onlyChanged, setOnlyChanged] = useState(true);
  const pair = useQuery({
    queryKey: ['ropa-activities', 'compare', detail.id, left, right],
    queryFn: () =>
      Promise.all([dataProvider.ropaVersion({ id: detail.id, version: left }), dataProvider.ropaVersion({ id: detail.id, version: right })]),
    enabled: open,
  });
  const rows = pair.data
    ? (() => {
        const [a, b] = pair.data.map((v) => [
          [translate('ropa.fields.name'), v.detail.name] as [string, string],
          ...itemsOf(v.detail, choices.data, translate, locale),
        ]);
        return a.map(([label, before], i) => {
          const after = b[i]?.[1] ?? '';
          return { label, parts: diffWords(before, after, { intlSegmenter: words }), changed: before !== after };
        });
      })()
    : undefined;
  const shown = rows?.filter((r) => r.changed || !onlyChanged);
  const pick = (value: number, set: (v: number) => void, label: string, testId: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => set(Number(e.target.value))}
      sx={{ minWidth: 240 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {versions.map((v) => (
        <MenuItem key={v.version} value={v.version}>
          {translate('ropa.form.version', { version: v.version })} · {formatDate(v.approved_dt, locale)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="ropa-diff-title">
      <DialogTitle id="ropa-diff-title">{translate('ropa.review.compare_title', { name: detail.name })}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1, mb: 2, alignItems: { sm: 'center' } }}>
          {pick(left, setLeft, translate('ropa.review.compare_from'), 'ropa-diff-left')}
          {pick(right, setRight, translate('ropa.review.compare_to'), 'ropa-diff-right')}
          <FormControlLabel
            control={<Switch checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} />}
            label={translate('ropa.review.only_changed')}
          />
        </Stack>
        {pair.error ? <LoadFailed error={pair.error} onRetry={() => void pair.refetch()} /> : null}
        {!pair.data && !pair.error ? <ScreenLoader /> : null}
        {rows && !rows.some((r) => r.changed) ? <Alert severity="info">{translate('ropa.review.same')}</Alert> : null}
        {shown?.length ? (
          <Table size="small" data-testid="ropa-diff">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '20%' }}>{translate('ropa.review.item')}</TableCell>
                <TableCell sx={{ width: '40%' }}>{translate('ropa.form.version', { version: left })}</TableCell>
                <TableCell sx={{ width: '40%' }}>{translate('ropa.form.version', { version: right })}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((r) => (
                <TableRow key={r.label} data-testid={r.changed ? 'ropa-diff-changed' : 'ropa-diff-same'}>
                  <TableCell component="th" scope="row" sx={{ verticalAlign: 'top', fontWeight: r.changed ? 600 : undefined }}>
                    {r.label}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <Side parts={r.parts} side="removed" />
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    <Side parts={r.parts} side="added" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ropa.review.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
