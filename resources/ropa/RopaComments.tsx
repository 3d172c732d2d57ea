import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import { Form, TextInput, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { ROPA_COMMENT_MAX, ropaCommentBody } from '../../contract/ropaReview';
import type { AppDataProvider } from '../../dataProvider';
import { formatDate } from '../../i18n/dates';
import { useNotifyError } from '../../src/components/ErrorToast';
import { formResolver } from '../../src/components/formResolver';
import { SaveFailed } from '../../src/components/serverFieldError';
import { LoadFailed } from '../../src/components/LoadFailed';
import { ROPA_CODES } from './ropaUi';

const resolver = formResolver(ropaCommentBody, 'server.ropa_comment_required');

/** The review's thread on an activity: who, when, what (oldest first); those who may edit ROPA add to it. */
export function RopaComments({ id, canEdit }: { id: string; canEdit: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  // a new key empties the box after a comment is posted
  const [round, setRound] = useState(0);
  const key = ['ropa-activities', 'comments', id];
  const comments = useQuery({ queryKey: key, queryFn: () => dataProvider.ropaComments({ id }) });
  const post = async (body: string) => {
    setBusy(true);
    try {
      queryClient.setQueryData(key, await dataProvider.addRopaComment({ id, body }));
      setRound((r) => r + 1);
      notify('ropa.review.comment_added', { type: 'success' });
      return undefined;
    } catch (err) {
      notifyError(err, ROPA_CODES.save);
      // the comment is still in the box: leaving asks
      throw new SaveFailed();
    } finally {
      setBusy(false);
    }
  };
  const submit: SubmitHandler<FieldValues> = (values) => post(String(values.body ?? ''));
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="ropa-comments">
      <Typography variant="subtitle1" component="h2">
        {translate('ropa.review.comments')}
      </Typography>
      {comments.error ? <LoadFailed error={comments.error} onRetry={() => void comments.refetch()} /> : null}
      {comments.data && !comments.data.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('ropa.review.no_comments')}
        </Typography>
      ) : null}
      <Stack spacing={1} sx={{ my: 1 }}>
        {comments.data?.map((c) => (
          <Box key={c.id} data-testid="ropa-comment" sx={{ borderLeft: 3, borderColor: 'divider', pl: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {c.author?.name ?? '-'} · {formatDate(c.created_dt, locale, true)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {c.body}
            </Typography>
          </Box>
        ))}
      </Stack>
      {canEdit ? (
        <Form
          key={round}
          record={{ body: '' }}
          resolver={resolver}
          onSubmit={submit}
          // a comment typed and not sent asks before the screen is left (the record's own form saves itself)
          warnWhenUnsavedChanges
          noValidate
        >
          <TextInput
            source="body"
            label="ropa.review.comment"
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: ROPA_COMMENT_MAX, 'data-testid': 'ropa-comment-input' } }}
          />
          <Button type="submit" size="small" variant="outlined" disabled={busy}>
            {translate('ropa.review.comment_send')}
          </Button>
        </Form>
      ) : null}
    </Paper>
  );
}
