import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, InputAdornment, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/** The new key's secret, shown this once, with a copy button. */
export function ApiKeySecretDialog({ created, onClose }: { created: { name: string; secret: string } | undefined; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () => {
    if (!created) return;
    void navigator.clipboard?.writeText(created.secret).then(
      () => notify('apikeys.copied', { type: 'success' }),
      () => undefined,
    );
  };
  return (
    <Dialog open={Boolean(created)} aria-labelledby="api-key-secret-title" maxWidth="sm" fullWidth>
      <DialogTitle id="api-key-secret-title">{translate('apikeys.secret_title', { name: created?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('apikeys.secret_text')}</DialogContentText>
        <TextField
          fullWidth
          label={translate('apikeys.secret_label')}
          value={created?.secret ?? ''}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'api-key-secret', style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label={translate('apikeys.copy')} onClick={copy} edge="end">
                    <ContentCopyIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('apikeys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
