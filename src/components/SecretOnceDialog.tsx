import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, InputAdornment, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/**
 * A new secret (an API key's, a webhook's), shown this once, with a copy button. Its texts are the
 * area's `<prefix>.secret_title` (with `values`), `secret_text`, `secret_label`, `copy`, `copied`, `done`.
 */
export function SecretOnceDialog({
  secret,
  prefix,
  values,
  testId,
  onClose,
}: {
  /** the secret; undefined: the dialog is closed */
  secret: string | undefined;
  prefix: string;
  values: Record<string, string>;
  testId: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () => {
    if (!secret) return;
    void navigator.clipboard?.writeText(secret).then(
      () => notify(`${prefix}.copied`, { type: 'success' }),
      () => undefined,
    );
  };
  return (
    <Dialog open={Boolean(secret)} aria-labelledby={`${testId}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${testId}-title`} sx={{ overflowWrap: 'anywhere' }}>
        {translate(`${prefix}.secret_title`, values)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate(`${prefix}.secret_text`)}</DialogContentText>
        <TextField
          fullWidth
          label={translate(`${prefix}.secret_label`)}
          value={secret ?? ''}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label={translate(`${prefix}.copy`)} onClick={copy} edge="end">
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
          {translate(`${prefix}.done`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
