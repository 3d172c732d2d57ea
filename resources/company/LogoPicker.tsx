import UploadIcon from '@mui/icons-material/Upload';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { LOGO_MAX_BYTES, LOGO_TYPES, logoProblem } from '../../contract/company';

interface LogoPickerProps {
  /** the saved logo's address, null: none */
  logoUrl: string | null;
  disabled: boolean;
}

/**
 * The logo's preview and file button: the form's own size and type check, before any upload. The file chosen
 * and not yet saved is the form's `logo`, so the form knows it is changed.
 */
export function LogoPicker({ logoUrl, disabled }: LogoPickerProps) {
  const translate = useTranslate();
  const { field } = useController<{ logo?: File }, 'logo'>({ name: 'logo' });
  const chosen = field.value;
  const onChoose = (file: File | undefined) => field.onChange(file);
  const inputId = useId();
  const [problem, setProblem] = useState<string>();
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!chosen) return setPreview(undefined);
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const found = logoProblem(file.size, new Uint8Array(await file.slice(0, 12).arrayBuffer()));
    setProblem(found && `server.${found}`);
    onChoose(found ? undefined : file);
  };
  const shown = preview ?? logoUrl;

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Box
        sx={{
          width: 160,
          height: 160,
          flexShrink: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'grey.50',
          overflow: 'hidden',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={translate('company_settings.logo.alt')}
            data-testid="company-logo"
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('company_settings.logo.none')}
          </Typography>
        )}
      </Box>
      <Box>
        {disabled ? null : (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mb: 1 }}>
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadIcon />}>
              {translate(shown ? 'company_settings.logo.change' : 'company_settings.logo.choose')}
              <input
                id={inputId}
                type="file"
                hidden
                accept={Object.keys(LOGO_TYPES).join(',')}
                data-testid="company-logo-input"
                onChange={(event) => {
                  void choose(event.target.files?.[0]);
                  // the same file may be chosen again after a refusal
                  event.target.value = '';
                }}
              />
            </Button>
            {chosen ? (
              <Button startIcon={<UndoIcon />} onClick={() => onChoose(undefined)}>
                {translate('company_settings.logo.undo')}
              </Button>
            ) : null}
          </Stack>
        )}
        <Typography variant="body2" color="text.secondary">
          {translate('company_settings.logo.hint', { size: LOGO_MAX_BYTES / 1024 / 1024 })}
        </Typography>
        {chosen ? (
          <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-all' }}>
            {translate('company_settings.logo.pending', { name: chosen.name })}
          </Typography>
        ) : null}
        {problem ? (
          <FormHelperText error role="alert">
            {translate(problem)}
          </FormHelperText>
        ) : null}
      </Box>
    </Stack>
  );
}
