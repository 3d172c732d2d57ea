import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import TuneIcon from '@mui/icons-material/Tune';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { COOKIE_SILENT_DAYS, cookieSnippet, cookieSnippetNoInline, type CookieDomain } from '../../contract/cookie';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { appOrigin, useCookieDomains } from './useCookieDomains';

/** The domains: each with its published version, its install snippet and the way to its settings. */
export function DomainsTab() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const domains = useCookieDomains();
  const canEdit = useCanEdit('cookie');
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Partial<CookieDomain> | null>(null);
  const [deleting, setDeleting] = useState<CookieDomain | null>(null);

  const copy = (text: string) => navigator.clipboard?.writeText(text).then(() => notify('cookie.domain.copied', { type: 'info' }));
  const remove = async () => {
    if (!deleting) return;
    try {
      await dataProvider.deleteCookieDomain({ dataId: deleting._id });
      notify('cookie.domain.deleted', { type: 'success' });
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: ['cookie-domains'] });
    } catch (err) {
      notifyError(err, 'CKD#003');
    }
  };

  if (domains.isPending)
    return (
      <Stack spacing={1} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  if (domains.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => domains.refetch()}>{translate('cookie.log.retry')}</Button>}>
        {translate('cookie.domain.failed')}
      </Alert>
    );
  return (
    <Box>
      {canEdit ? (
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ mb: 2 }}
          onClick={() => setEditing({ host: '', name: '', includeSubdomains: true })}
        >
          {translate('cookie.domain.add')}
        </Button>
      ) : null}
      {domains.data.length === 0 ? (
        <Typography color="text.secondary">{translate('cookie.domain.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('cookie.log.domain')}</TableCell>
                <TableCell>{translate('cookie.domain.version')}</TableCell>
                <TableCell>{translate('cookie.domain.snippet')}</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {domains.data.map((d) => {
                const snippet = cookieSnippet(appOrigin(), d._id);
                return (
                  <TableRow key={d._id} data-testid="cookie-domain-row">
                    <TableCell>
                      <Typography fontWeight={600}>{d.host}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {d.name}
                      </Typography>
                      {d.undeclared ? (
                        <Chip size="small" color="warning" sx={{ mt: 0.5 }} label={translate('cookie.domain.undeclared', { count: d.undeclared })} />
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {d.version ? (
                        <>
                          <Chip size="small" color="success" label={`v${d.version}`} />{' '}
                          <Typography variant="caption">{formatDate(d.publishedAt, locale)}</Typography>
                        </>
                      ) : (
                        <Chip size="small" label={translate('cookie.domain.notPublished')} />
                      )}
                      {d.version && d.unpublished ? (
                        <Chip size="small" color="info" variant="outlined" sx={{ ml: 1 }} label={translate('cookie.domain.unpublished')} />
                      ) : null}
                      {d.version ? (
                        <Typography variant="caption" display="block" color="text.secondary" data-testid="cookie-last-seen" sx={{ mt: 0.5 }}>
                          {d.lastSeenAt
                            ? translate('cookie.domain.lastSeen', { date: formatDate(d.lastSeenAt, locale, true) })
                            : translate('cookie.domain.neverSeen')}
                        </Typography>
                      ) : null}
                      {d.silent ? (
                        <Alert severity="warning" sx={{ mt: 0.5, py: 0 }} data-testid="cookie-silent">
                          {translate('cookie.domain.silent', { days: COOKIE_SILENT_DAYS })}
                        </Alert>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 420 }}>
                      <Stack direction="row" alignItems="flex-start" spacing={1}>
                        <Box
                          component="pre"
                          tabIndex={0}
                          sx={{
                            fontSize: 12,
                            bgcolor: 'action.hover',
                            p: 0.5,
                            m: 0,
                            borderRadius: 1,
                            whiteSpace: 'pre-wrap',
                            wordBreak: 'break-all',
                            flex: 1,
                            maxHeight: 96,
                            overflow: 'auto',
                          }}
                          data-testid="cookie-snippet"
                        >
                          {snippet}
                        </Box>
                        <Stack>
                          <Tooltip title={translate('cookie.domain.copy')}>
                            <IconButton aria-label={translate('cookie.domain.copy')} onClick={() => copy(snippet)}>
                              <ContentCopyIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={translate('cookie.domain.copyNoInline')}>
                            <IconButton
                              aria-label={translate('cookie.domain.copyNoInline')}
                              onClick={() => copy(cookieSnippetNoInline(appOrigin(), d._id))}
                            >
                              <ShieldOutlinedIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </Stack>
                      </Stack>
                      <Typography variant="caption" color="text.secondary">
                        {translate('cookie.domain.snippetHint')}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Button startIcon={<TuneIcon />} onClick={() => navigate(`/cookie/setting/${d._id}`)}>
                        {translate('cookie.domain.settings')}
                      </Button>
                      {canEdit ? (
                        <>
                          <IconButton aria-label={translate('cookie.domain.edit')} onClick={() => setEditing(d)}>
                            <EditIcon fontSize="small" />
                          </IconButton>
                          <IconButton aria-label={translate('cookie.domain.delete')} onClick={() => setDeleting(d)}>
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
      {editing ? <DomainDialog domain={editing} onClose={() => setEditing(null)} /> : null}
      <Dialog open={!!deleting} onClose={() => setDeleting(null)}>
        <DialogContent>{deleting ? translate('cookie.domain.deleteConfirm', { host: deleting.host }) : null}</DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" onClick={remove}>
            {translate('cookie.domain.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function DomainDialog({ domain, onClose }: { domain: Partial<CookieDomain>; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [host, setHost] = useState(domain.host ?? '');
  const [name, setName] = useState(domain.name ?? '');
  const [includeSubdomains, setInclude] = useState(domain.includeSubdomains ?? true);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const body = { host: host.trim(), name: name.trim(), includeSubdomains };
      if (domain._id) await dataProvider.updateCookieDomain({ dataId: domain._id, ...body });
      else await dataProvider.createCookieDomain(body);
      notify('cookie.domain.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['cookie-domains'] });
      onClose();
    } catch (err) {
      notifyError(err, 'CKD#002');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(domain._id ? 'cookie.domain.edit' : 'cookie.domain.add')}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate('cookie.domain.host')}
          value={host}
          onChange={(e) => setHost(e.target.value)}
          fullWidth
          margin="dense"
          required
          name="host"
        />
        <TextField
          label={translate('cookie.domain.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          fullWidth
          margin="dense"
          name="name"
        />
        <FormControlLabel
          control={<Switch checked={includeSubdomains} onChange={(e) => setInclude(e.target.checked)} />}
          label={translate('cookie.domain.includeSubdomains')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={saving || !host.trim()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
