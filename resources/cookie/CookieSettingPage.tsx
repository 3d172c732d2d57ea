import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Grid,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { AA_CONTRAST, COOKIE_POSITIONS, contrastRatio, cookieSettings, type BannerTexts, type CookieSettings } from '../../contract/cookie';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useCanEdit } from '../../src/auth/useCanEdit';
import { useNotifyError } from '../../src/components/ErrorToast';
import { useTexts } from '../../src/i18n/i18nProvider';
import { useLeaveGuard } from '../../src/components/unsavedChanges';
import { BannerPreview } from './BannerPreview';
import { CategoryEditor } from './CategoryEditor';

const TEXT_FIELDS: (keyof BannerTexts)[] = ['title', 'body', 'acceptAll', 'rejectAll', 'preferences', 'save', 'reopen'];

/** The words (`cookie.settings.*`) of a service's and a cookie's fields, for where a problem is. */
const ITEM_FIELDS: Record<'services' | 'cookies', Record<string, string>> = {
  services: { key: 'serviceKey', name: 'serviceName' },
  cookies: { name: 'cookieName', provider: 'provider', purpose: 'purpose', duration: 'duration', purposeEn: 'purposeEn', durationEn: 'durationEn' },
};

/** `/cookie/setting/:cookieDomainId`: a domain's banner settings beside a live preview; save the draft, publish a version. */
export default function CookieSettingPage() {
  const { cookieDomainId = '' } = useParams();
  // the contract's own reasons (`server.cookie_*`) are the server's texts
  useTexts('server');
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`cookie.settings.${k}`, o);
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit('cookie');
  const readOnly = !canEdit;
  const setting = useQuery({
    queryKey: ['cookie-domains', 'setting', cookieDomainId],
    queryFn: () => dataProvider.cookieSetting({ domainId: cookieDomainId }),
  });
  const [draft, setDraft] = useState<CookieSettings | null>(null);
  const [dirty, setDirty] = useState(false);
  const [textLang, setTextLang] = useState<'th' | 'en'>('th');
  const [busy, setBusy] = useState(false);
  // the next publish asks every visitor again though the categories stay (the privacy policy changed)
  const [reaskAll, setReaskAll] = useState(false);
  useEffect(() => {
    if (setting.data && !dirty) setDraft(setting.data.settings);
  }, [setting.data, dirty]);
  const change = (patch: Partial<CookieSettings>) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setDirty(true);
  };
  // the draft is the screen's own state, not a react-admin form: the guard is the shared hook's
  useLeaveGuard(dirty);

  if (setting.isPending || (!draft && !setting.isError))
    return (
      <Box sx={{ p: 2 }} aria-busy="true">
        <Skeleton variant="rounded" height={480} />
      </Box>
    );
  if (setting.isError || !draft)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error" action={<Button onClick={() => setting.refetch()}>{translate('cookie.log.retry')}</Button>}>
          {t('failed')}
        </Alert>
      </Box>
    );

  const parsed = cookieSettings.safeParse(draft);
  /** each refused field's reason, in the reader's language, by its path */
  const problems = new Map((parsed.error?.issues ?? []).map((i) => [i.path.join('.'), translate(i.message, { _: i.message })]));
  /** Where a problem is, in the screen's words: the category (and its service or cookie), the colour, the text. */
  const placeOf = (path: PropertyKey[]) => {
    const [area, i, part, j, field] = path;
    if (area === 'categories' && typeof i === 'number') {
      const category = draft.categories[i];
      const name = (locale === 'en' ? category?.name.en : category?.name.th) || category?.key || String(i + 1);
      const inside =
        part === 'services' && typeof j === 'number'
          ? ` · ${category?.services[j]?.name || category?.services[j]?.key || t('services')}`
          : part === 'cookies' && typeof j === 'number'
            ? ` · ${category?.cookies[j]?.name || t('cookies')}`
            : '';
      const label =
        part === 'services' || part === 'cookies'
          ? ITEM_FIELDS[part][String(field)]
          : part === 'key'
            ? 'key'
            : part === 'name' || part === 'description'
              ? `${part}${j === 'en' ? 'En' : 'Th'}`
              : undefined;
      const what = label ? ` (${t(label)})` : '';
      return `${t('categories')} "${name}"${inside}${what}`;
    }
    if (area === 'colors' && typeof i === 'string') return t(i);
    if (area === 'texts' && typeof part === 'string') return `${t('texts')} (${t(i === 'en' ? 'textEn' : 'textTh')}) · ${t(`fields.${part}`)}`;
    return typeof area === 'string' && ['position', 'reaskMonths', 'policyUrl'].includes(area) ? t(area) : path.join('.');
  };
  const save = async () => {
    if (!parsed.success) return;
    setBusy(true);
    try {
      const reply = await dataProvider.saveCookieSetting({ domainId: cookieDomainId, settings: parsed.data });
      queryClient.setQueryData(['cookie-domains', 'setting', cookieDomainId], reply);
      setDirty(false);
      setDraft(reply.settings);
      notify('cookie.settings.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['cookie-domains', 'list'] });
    } catch (err) {
      notifyError(err, 'CKS#002');
    } finally {
      setBusy(false);
    }
  };
  const publish = async () => {
    setBusy(true);
    try {
      const r = await dataProvider.publishCookieSetting({ domainId: cookieDomainId, reaskAll });
      notify(r.reasks ? 'cookie.settings.publishedReask' : 'cookie.settings.published', { type: 'success', messageArgs: { version: r.version } });
      setReaskAll(false);
      await queryClient.invalidateQueries({ queryKey: ['cookie-domains'] });
    } catch (err) {
      notifyError(err, 'CKS#003');
    } finally {
      setBusy(false);
    }
  };
  const { domain, versions } = setting.data;
  const colour = (k: keyof CookieSettings['colors']) => (
    <Stack direction="row" spacing={1} alignItems="center" key={k}>
      <input
        type="color"
        aria-label={t(k)}
        value={draft.colors[k]}
        disabled={readOnly}
        onChange={(e) => change({ colors: { ...draft.colors, [k]: e.target.value } })}
      />
      <TextField
        size="small"
        label={t(k)}
        value={draft.colors[k]}
        disabled={readOnly}
        onChange={(e) => change({ colors: { ...draft.colors, [k]: e.target.value } })}
        sx={{ width: 150 }}
      />
    </Stack>
  );
  const ratio = (a: string, b: string) => (/^#[0-9a-f]{6}$/i.test(a) && /^#[0-9a-f]{6}$/i.test(b) ? contrastRatio(a, b) : 0);
  const textRatio = ratio(draft.colors.text, draft.colors.background);
  const buttonRatio = ratio(draft.colors.primaryText, draft.colors.primary);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('cookie.title')} />
      <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/cookie/list')} sx={{ mb: 1 }}>
        {t('back')}
      </Button>
      <Typography variant="h5" component="h1">
        {translate('cookie.domain.settings')}: {domain.host}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {domain.version ? `${translate('cookie.domain.version')} v${domain.version}` : translate('cookie.domain.notPublished')}
        {domain.version && domain.unpublished ? ` · ${translate('cookie.domain.unpublished')}` : ''}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {t('categories')}
            </Typography>
            {draft.categories.map((c, i) => (
              <CategoryEditor
                key={i}
                category={c}
                readOnly={readOnly}
                problemAt={(path) => problems.get(`categories.${i}.${path}`)}
                onChange={(next) => change({ categories: draft.categories.map((x, j) => (j === i ? next : x)) })}
                onRemove={i === 0 ? undefined : () => change({ categories: draft.categories.filter((_, j) => j !== i) })}
              />
            ))}
            {!readOnly ? (
              <Button
                startIcon={<AddIcon />}
                sx={{ alignSelf: 'flex-start' }}
                onClick={() =>
                  change({
                    categories: [
                      ...draft.categories,
                      {
                        key: `custom_${draft.categories.length}`,
                        name: { th: '', en: '' },
                        description: { th: '', en: '' },
                        cookies: [],
                        services: [],
                      },
                    ],
                  })
                }
              >
                {t('addCategory')}
              </Button>
            ) : null}
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <Typography variant="h6" component="h2">
                {t('texts')}
              </Typography>
              <Tabs value={textLang} onChange={(_, v: 'th' | 'en') => setTextLang(v)} sx={{ mb: 1 }}>
                <Tab value="th" label={t('textTh')} />
                <Tab value="en" label={t('textEn')} />
              </Tabs>
              <Stack spacing={1}>
                {TEXT_FIELDS.map((f) => (
                  <TextField
                    key={`${textLang}-${f}`}
                    size="small"
                    label={t(`fields.${f}`)}
                    value={draft.texts[textLang][f]}
                    disabled={readOnly}
                    multiline={f === 'body'}
                    name={`texts.${textLang}.${f}`}
                    onChange={(e) => change({ texts: { ...draft.texts, [textLang]: { ...draft.texts[textLang], [f]: e.target.value } } })}
                  />
                ))}
              </Stack>
            </Paper>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('look')}
              </Typography>
              <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
                {colour('background')}
                {colour('text')}
                {colour('primary')}
                {colour('primaryText')}
              </Stack>
              {textRatio < AA_CONTRAST ? (
                <Alert severity="warning">
                  {t('contrast', { ratio: textRatio.toFixed(2) })} ({t('text')})
                </Alert>
              ) : null}
              {buttonRatio < AA_CONTRAST ? (
                <Alert severity="warning">
                  {t('contrast', { ratio: buttonRatio.toFixed(2) })} ({t('primaryText')})
                </Alert>
              ) : null}
              <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mt: 1 }}>
                <TextField
                  select
                  size="small"
                  label={t('position')}
                  value={draft.position}
                  disabled={readOnly}
                  onChange={(e) => change({ position: e.target.value as CookieSettings['position'] })}
                  sx={{ minWidth: 180 }}
                >
                  {COOKIE_POSITIONS.map((p) => (
                    <MenuItem key={p} value={p}>
                      {translate(`cookie.positions.${p}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  type="number"
                  label={t('reaskMonths')}
                  value={draft.reaskMonths}
                  disabled={readOnly}
                  onChange={(e) => change({ reaskMonths: Number(e.target.value) })}
                  slotProps={{ htmlInput: { min: 1, max: 24 } }}
                  sx={{ width: 170 }}
                />
                <FormControlLabel
                  control={<Switch checked={draft.reopenButton} disabled={readOnly} onChange={(e) => change({ reopenButton: e.target.checked })} />}
                  label={t('reopenButton')}
                />
                <FormControlLabel
                  control={
                    <Switch checked={draft.gpcMarketingOff} disabled={readOnly} onChange={(e) => change({ gpcMarketingOff: e.target.checked })} />
                  }
                  label={t('gpc')}
                />
                <FormControlLabel
                  control={
                    <Switch checked={draft.consentWall ?? false} disabled={readOnly} onChange={(e) => change({ consentWall: e.target.checked })} />
                  }
                  label={t('consentWall')}
                />
                <FormControlLabel
                  control={
                    <Switch
                      checked={draft.reloadOnWithdrawal ?? false}
                      disabled={readOnly}
                      onChange={(e) => change({ reloadOnWithdrawal: e.target.checked })}
                    />
                  }
                  label={t('reloadOnWithdrawal')}
                />
              </Stack>
              <TextField
                size="small"
                fullWidth
                sx={{ mt: 1 }}
                label={t('policyUrl')}
                value={draft.policyUrl}
                disabled={readOnly}
                onChange={(e) => change({ policyUrl: e.target.value })}
              />
            </Paper>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Box sx={{ position: { lg: 'sticky' }, top: { lg: 72 } }}>
            <Stack spacing={2}>
              <BannerPreview settings={draft} domainId={cookieDomainId} />
              {!parsed.success && dirty ? (
                <Alert severity="error" data-testid="cookie-settings-invalid">
                  {t('invalid')}
                  <ul style={{ margin: 0 }}>
                    {parsed.error.issues.slice(0, 6).map((i, n) => (
                      <li key={n}>
                        {placeOf(i.path)}: {problems.get(i.path.join('.'))}
                      </li>
                    ))}
                  </ul>
                </Alert>
              ) : null}
              {canEdit ? (
                <Stack direction="row" spacing={1}>
                  <Button variant="outlined" startIcon={<SaveIcon />} disabled={busy || !dirty || !parsed.success} onClick={save}>
                    {t('save')}
                  </Button>
                  <Button
                    variant="contained"
                    startIcon={<PublishIcon />}
                    disabled={busy || dirty}
                    onClick={publish}
                    title={dirty ? t('publishFirst') : undefined}
                  >
                    {t('publish')}
                  </Button>
                </Stack>
              ) : null}
              {canEdit ? (
                <FormControlLabel
                  control={<Checkbox checked={reaskAll} disabled={busy} onChange={(e) => setReaskAll(e.target.checked)} />}
                  label={t('reaskAll')}
                />
              ) : null}
              <Paper variant="outlined" sx={{ p: 1.5 }}>
                <Typography variant="subtitle1" component="h2">
                  {t('versions')}
                </Typography>
                {versions.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {translate('cookie.domain.notPublished')}
                  </Typography>
                ) : (
                  versions.map((v) => (
                    <Typography key={v.version} variant="body2" data-testid="cookie-version">
                      {t('versionLine', { version: v.version, at: formatDate(v.publishedAt, locale, true), by: v.publishedBy })}
                      {v.consentVersion === v.version && v.version > 1 ? ` · ${t('reasked')}` : ''}
                    </Typography>
                  ))
                )}
              </Paper>
            </Stack>
          </Box>
        </Grid>
      </Grid>
    </Box>
  );
}
