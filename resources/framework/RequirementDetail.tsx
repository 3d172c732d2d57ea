import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, Link as MuiLink, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { FrameworkDetail } from '../../contract/framework';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { LoadFailed } from '../../src/components/LoadFailed';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';
import { FRAMEWORK_CODES } from './codes';
import { EvidenceForm } from './EvidenceForm';
import { FiguresText, StateChip, scoreText, useLawText } from './cells';
import { Trend } from './Trend';

const section = { variant: 'subtitle1', component: 'h2', sx: { mt: 2, mb: 0.5, fontWeight: 600 } } as const;

/** `/framework/<id>`: one requirement, its score and figures, the records behind its shortfall with links, its trend and evidence. */
export function RequirementDetail() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const lawText = useLawText();
  const [locale] = useLocaleState();
  const canEdit = useCanEdit('dashboard');
  const [saved, setSaved] = useState(0);
  const { data: record, isPending, error, refetch } = useGetOne('framework-requirements', { id }, { retry: false });
  // react-admin shows the list's row first (its placeholder): the drill-down waits for the whole detail
  const data = record && 'records' in record ? (record as unknown as FrameworkDetail) : undefined;
  const day = (d: string) => formatDate(d, locale);
  return (
    <>
      <Button component={Link} to="/framework" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('framework.back')}
      </Button>
      <Card variant="outlined" data-testid="framework-detail" aria-busy={isPending || undefined}>
        <CardContent>
          {isPending || (!error && !data) ? (
            <LoadingSkeleton shape="form" />
          ) : error || !data ? (
            <LoadFailed error={error} screenCode={FRAMEWORK_CODES.detail} onRetry={() => void refetch()} />
          ) : (
            <>
              {/* the overline's letters as written: "s.40", not "S.40" */}
              <Typography variant="overline" sx={{ textTransform: 'none' }}>
                {translate(`framework.areas.${data.area}`)} · {lawText(data.law)} · {translate(`framework.sources.${data.source}`)}
              </Typography>
              <Typography variant="h6" component="h1">
                {translate(`framework.requirements.${data.id}`)}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 1 }}>
                <Typography variant="h4" component="p" color="primary" data-testid="framework-detail-score">
                  {scoreText(data.score)}
                </Typography>
                <StateChip state={data.state} />
                <Typography variant="body2">
                  <FiguresText row={data} formatDay={day} />
                </Typography>
              </Box>
              {data.source === 'automatic' ? (
                <>
                  <Typography {...section}>{translate('framework.records')}</Typography>
                  {data.records.length ? (
                    <List dense data-testid="framework-records">
                      {data.records.map((r, n) => (
                        <ListItem key={`${r.path}-${n}`} disableGutters>
                          <ListItemText
                            primary={
                              <MuiLink component={Link} to={r.path}>
                                {r.label}
                              </MuiLink>
                            }
                            secondary={r.reason}
                          />
                        </ListItem>
                      ))}
                    </List>
                  ) : (
                    <Typography color="text.secondary">{translate('framework.records_empty')}</Typography>
                  )}
                  {data.records.length >= 20 ? <Typography variant="caption">{translate('framework.records_more', { n: 20 })}</Typography> : null}
                </>
              ) : null}
              {data.links.length ? (
                <>
                  <Typography {...section}>{translate('framework.lists')}</Typography>
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    {data.links.map(({ name, to }) => (
                      <Button key={name} size="small" variant="outlined" component={Link} to={to}>
                        {translate(`framework.list_names.${name}`)}
                      </Button>
                    ))}
                  </Box>
                </>
              ) : null}
              <Typography {...section}>{translate('framework.trend')}</Typography>
              <Trend points={data.trend} />
              <Typography {...section}>{translate('framework.evidence')}</Typography>
              {data.evidence.length ? (
                <List dense data-testid="framework-evidence">
                  {data.evidence.map((e) => (
                    <ListItem key={e.id} disableGutters>
                      <ListItemText
                        primary={`${day(e.evidencedOn)} · ${e.note}${e.reference ? ` (${e.reference})` : ''}`}
                        secondary={`${e.stale ? `${translate('framework.evidence_stale')} · ` : ''}${translate('framework.evidence_by', { name: e.createdBy ?? '-' })}`}
                        slotProps={{ secondary: { color: e.stale ? 'warning.main' : 'text.secondary' } }}
                      />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary">{translate('framework.evidence_none')}</Typography>
              )}
              {canEdit ? (
                <Box sx={{ mt: 2 }}>
                  <EvidenceForm
                    key={saved}
                    requirementId={data.id}
                    onSaved={() => {
                      setSaved((n) => n + 1);
                      void refetch();
                    }}
                  />
                </Box>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}
