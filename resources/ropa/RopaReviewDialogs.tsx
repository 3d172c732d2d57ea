import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, useDataProvider, useTranslate } from 'react-admin';
import type { RopaDetail } from '../../contract/ropa';
import { ropaReviewChoice, ropaReviewNoChoice } from '../../contract/ropaReview';
import type { AppDataProvider } from '../../dataProvider';
import { ApproveDialog } from '../../src/components/ApproveDialog';
import { FormDialog } from '../../src/components/FormDialog';
import { formResolver } from '../../src/components/formResolver';
import { LoadFailed } from '../../src/components/LoadFailed';

const choose = formResolver(ropaReviewChoice, 'ra.validation.required');
const noChoice = formResolver(ropaReviewNoChoice, 'ra.validation.required');

/** Sending for review: the reviewer is chosen among the company's other people with ROPA edit rights (they are notified). */
export function RopaSendForReviewDialog({
  detail,
  open,
  busy,
  onClose,
  onSend,
}: {
  detail: RopaDetail;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSend: (reviewerId: string | null) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const reviewers = useQuery({ queryKey: ['ropa-activities', 'reviewers'], queryFn: () => dataProvider.ropaReviewers(), enabled: open });
  const none = reviewers.data?.length === 0;
  return (
    // the dialog's form submits itself only: React would carry its submit on to the record's form around the side panel
    <Box sx={{ display: 'contents' }} onSubmit={(e) => e.stopPropagation()}>
      <FormDialog
        open={open}
        title={translate('ropa.review.send_title', { name: detail.name })}
        record={{ id: `review-${detail.id}`, reviewerId: null }}
        resolver={none ? noChoice : choose}
        busy={busy || !reviewers.data}
        onClose={onClose}
        onSubmit={(values) => onSend((values.reviewerId as string | null | undefined) ?? null)}
        submitLabel="ropa.review.send"
        cancelLabel="ropa.review.cancel"
      >
        {reviewers.error ? <LoadFailed error={reviewers.error} onRetry={() => void reviewers.refetch()} /> : null}
        {none ? (
          <Alert severity="info">{translate('ropa.review.no_reviewers')}</Alert>
        ) : (
          <>
            <SelectInput
              source="reviewerId"
              label="ropa.review.reviewer"
              choices={reviewers.data ?? []}
              optionText="name"
              optionValue="id"
              fullWidth
              isPending={!reviewers.data}
              data-testid="ropa-reviewer"
            />
            <Typography variant="body2" color="text.secondary">
              {translate('ropa.review.reviewer_help')}
            </Typography>
          </>
        )}
      </FormDialog>
    </Box>
  );
}

/** Approving asks first, naming the activity and the version it becomes. */
export function RopaApproveDialog({
  detail,
  open,
  busy,
  onClose,
  onApprove,
}: {
  detail: RopaDetail;
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onApprove: () => void;
}) {
  const translate = useTranslate();
  const next = Math.max(0, ...detail.versions.map((v) => v.version)) + 1;
  return (
    <ApproveDialog open={open} name={detail.name} busy={busy} onClose={onClose} onConfirm={onApprove}>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate('ropa.review.approve_version', { version: next })}
      </Typography>
    </ApproveDialog>
  );
}
