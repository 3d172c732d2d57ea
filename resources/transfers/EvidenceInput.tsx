import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';

const fileToBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

interface Props {
  /** the form's field of a new file (`{ name, contentBase64 }`, null keeps the stored one) */
  source: string;
  /** the form's flag that takes the stored file away */
  removeSource: string;
  /** the file stored now, if any */
  stored: { name: string } | null;
  onDownload?: () => void;
  disabled?: boolean;
}

/** An evidence document of a react-admin form: the stored file (download, remove) or a new one picked; the server checks its content. */
export function EvidenceInput({ source, removeSource, stored, onDownload, disabled }: Props) {
  const translate = useTranslate();
  const { field, fieldState } = useInput<{ name: string; contentBase64: string } | null>({ source });
  const { setValue, watch } = useFormContext();
  const removed = Boolean(watch(removeSource));
  const message = fieldState.error?.message;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    field.onChange({ name: file.name, contentBase64: await fileToBase64(file) });
    setValue(removeSource, false, { shouldDirty: true });
  };
  return (
    <Box>
      <Typography variant="subtitle2">{translate('transfers.fields.evidence')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        {field.value ? (
          <Typography variant="body2">{translate('transfers.fields.new_file', { name: field.value.name })}</Typography>
        ) : stored && !removed ? (
          <>
            <Typography variant="body2">{stored.name}</Typography>
            {onDownload ? (
              <Button size="small" startIcon={<DownloadIcon />} onClick={onDownload}>
                {translate('transfers.fields.download')}
              </Button>
            ) : null}
            {disabled ? null : (
              <Button size="small" color="error" onClick={() => setValue(removeSource, true, { shouldDirty: true })}>
                {translate('transfers.fields.remove_file')}
              </Button>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('transfers.fields.no_file')}
          </Typography>
        )}
        {disabled ? null : (
          <Button size="small" variant="outlined" component="label" startIcon={<UploadFileIcon />}>
            {translate('transfers.fields.choose_file')}
            <input
              hidden
              type="file"
              accept="application/pdf,image/jpeg,image/png"
              data-testid={`${source}-file`}
              onChange={(e) => void pick(e.target.files?.[0])}
            />
          </Button>
        )}
      </Box>
      {message ? <FormHelperText error>{translate(message, { _: message })}</FormHelperText> : null}
    </Box>
  );
}
