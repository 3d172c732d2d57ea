import { Box, Button, Chip, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { STANDARD_CATEGORIES, type CookieCategory, type CookieDeclaration, type CookieService } from '../../contract/cookie';

/** A name that is code (a cookie's, a service's key): monospace keeps its "_" visible inside a small field, no spelling check. */
const CODE_INPUT = { htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } } };

/** One category: its names and descriptions in Thai and English, the cookies in it, and its services (each refusable alone). */
export function CategoryEditor({
  category,
  onChange,
  onRemove,
  readOnly,
  problemAt = () => undefined,
}: {
  category: CookieCategory;
  onChange(c: CookieCategory): void;
  onRemove?(): void;
  readOnly: boolean;
  /** the reason a field of this category is refused (its path inside the category: `key`, `services.0.key`), in words */
  problemAt?(path: string): string | undefined;
}) {
  const translate = useTranslate();
  const t = (k: string) => translate(`cookie.settings.${k}`);
  const standard = (STANDARD_CATEGORIES as readonly string[]).includes(category.key);
  const setCookie = (i: number, patch: Partial<CookieDeclaration>) =>
    onChange({ ...category, cookies: category.cookies.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const services = category.services ?? [];
  const setService = (i: number, patch: Partial<CookieService>) =>
    onChange({ ...category, services: services.map((v, j) => (j === i ? { ...v, ...patch } : v)) });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`cookie-category-${category.key}`}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        {standard ? (
          <Typography fontWeight={600} sx={{ fontFamily: 'monospace' }}>
            {category.key}
          </Typography>
        ) : (
          <TextField
            size="small"
            label={t('key')}
            value={category.key}
            error={!!problemAt('key')}
            helperText={problemAt('key')}
            onChange={(e) => onChange({ ...category, key: e.target.value })}
            disabled={readOnly}
            sx={{ width: 180 }}
          />
        )}
        {category.key === 'necessary' ? <Chip size="small" label={t('alwaysOn')} /> : null}
        <Box sx={{ flex: 1 }} />
        {onRemove && !readOnly ? (
          <IconButton aria-label={t('removeCategory')} onClick={onRemove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <TextField
          size="small"
          fullWidth
          label={t('nameTh')}
          value={category.name.th}
          disabled={readOnly}
          onChange={(e) => onChange({ ...category, name: { ...category.name, th: e.target.value } })}
        />
        <TextField
          size="small"
          fullWidth
          label={t('nameEn')}
          value={category.name.en}
          disabled={readOnly}
          onChange={(e) => onChange({ ...category, name: { ...category.name, en: e.target.value } })}
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 1 }}>
        <TextField
          size="small"
          fullWidth
          multiline
          label={t('descriptionTh')}
          value={category.description.th}
          disabled={readOnly}
          onChange={(e) => onChange({ ...category, description: { ...category.description, th: e.target.value } })}
        />
        <TextField
          size="small"
          fullWidth
          multiline
          label={t('descriptionEn')}
          value={category.description.en}
          disabled={readOnly}
          onChange={(e) => onChange({ ...category, description: { ...category.description, en: e.target.value } })}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('cookies')}
      </Typography>
      <Stack spacing={1}>
        {category.cookies.map((c, i) => (
          <Box
            key={i}
            data-testid="cookie-declaration"
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'center',
              // name, provider, duration (Thai, English), party, remove; the purpose in Thai and English below, each full width
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 0.7fr) minmax(0, 0.9fr) 40px' },
              pt: 1,
              pb: 1,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <TextField
              size="small"
              label={t('cookieName')}
              value={c.name}
              error={!!problemAt(`cookies.${i}.name`)}
              helperText={problemAt(`cookies.${i}.name`)}
              disabled={readOnly}
              onChange={(e) => setCookie(i, { name: e.target.value })}
              slotProps={CODE_INPUT}
            />
            <TextField
              size="small"
              label={t('provider')}
              value={c.provider}
              disabled={readOnly}
              onChange={(e) => setCookie(i, { provider: e.target.value })}
            />
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
              <TextField
                size="small"
                label={t('duration')}
                value={c.duration}
                disabled={readOnly}
                onChange={(e) => setCookie(i, { duration: e.target.value })}
              />
              <TextField
                size="small"
                label={t('durationEn')}
                value={c.durationEn ?? ''}
                disabled={readOnly}
                onChange={(e) => setCookie(i, { durationEn: e.target.value })}
              />
            </Box>
            <TextField
              select
              size="small"
              label={t('party')}
              value={c.party}
              disabled={readOnly}
              onChange={(e) => setCookie(i, { party: e.target.value as 'first' | 'third' })}
            >
              <MenuItem value="first">{t('first')}</MenuItem>
              <MenuItem value="third">{t('third')}</MenuItem>
            </TextField>
            {!readOnly ? (
              <IconButton
                aria-label={t('removeCookie')}
                onClick={() => onChange({ ...category, cookies: category.cookies.filter((_, j) => j !== i) })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            ) : (
              <span />
            )}
            <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }}>
              <TextField
                size="small"
                label={t('purpose')}
                value={c.purpose}
                disabled={readOnly}
                multiline
                onChange={(e) => setCookie(i, { purpose: e.target.value })}
              />
              <TextField
                size="small"
                label={t('purposeEn')}
                value={c.purposeEn ?? ''}
                disabled={readOnly}
                multiline
                onChange={(e) => setCookie(i, { purposeEn: e.target.value })}
              />
            </Box>
          </Box>
        ))}
      </Stack>
      {!readOnly ? (
        <Button
          size="small"
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          onClick={() =>
            onChange({
              ...category,
              cookies: [...category.cookies, { name: '', provider: '', purpose: '', duration: '', purposeEn: '', durationEn: '', party: 'first' }],
            })
          }
        >
          {t('addCookie')}
        </Button>
      ) : null}
      {category.key !== 'necessary' ? (
        <Box sx={{ mt: 2 }} data-testid="cookie-services">
          <Typography variant="body2" color="text.secondary">
            {t('services')}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {t('servicesHelp')}
          </Typography>
          <Stack spacing={1}>
            {services.map((v, i) => (
              <Stack key={i} direction="row" spacing={1} alignItems="center" data-testid="cookie-service">
                <TextField
                  size="small"
                  label={t('serviceKey')}
                  value={v.key}
                  error={!!problemAt(`services.${i}.key`)}
                  helperText={problemAt(`services.${i}.key`)}
                  disabled={readOnly}
                  onChange={(e) => setService(i, { key: e.target.value })}
                  slotProps={CODE_INPUT}
                  sx={{ width: 180 }}
                />
                <TextField
                  size="small"
                  fullWidth
                  label={t('serviceName')}
                  value={v.name}
                  disabled={readOnly}
                  onChange={(e) => setService(i, { name: e.target.value })}
                />
                {!readOnly ? (
                  <IconButton aria-label={t('removeService')} onClick={() => onChange({ ...category, services: services.filter((_, j) => j !== i) })}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                ) : null}
              </Stack>
            ))}
          </Stack>
          {!readOnly ? (
            <Button
              size="small"
              startIcon={<AddIcon />}
              sx={{ mt: 1 }}
              onClick={() => onChange({ ...category, services: [...services, { key: '', name: '' }] })}
            >
              {t('addService')}
            </Button>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}
