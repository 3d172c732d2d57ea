import { Box, Skeleton, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';

export type SkeletonShape = 'list' | 'form' | 'card';

/**
 * The loading look of a list, a form or a card: grey placeholders in the shape of what is coming,
 * so a slow screen never shows nothing, or the previous screen's data. Announced as busy.
 */
export function LoadingSkeleton({ shape = 'form', rows = 5 }: { shape?: SkeletonShape; rows?: number }) {
  const translate = useTranslate();
  return (
    <Box
      role="progressbar"
      aria-busy="true"
      aria-label={translate('app.loading')}
      data-testid={`loading-${shape}`}
      sx={{ p: shape === 'card' ? 0 : 2 }}
    >
      {shape === 'list' ? (
        <Stack spacing={1}>
          <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
            <Skeleton variant="rounded" width={260} height={40} />
            <Skeleton variant="rounded" width={90} height={40} />
          </Box>
          <Skeleton variant="rectangular" height={40} />
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} variant="text" height={36} />
          ))}
        </Stack>
      ) : shape === 'card' ? (
        <Stack spacing={0.5}>
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="text" width="70%" height={36} />
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Skeleton variant="text" width="30%" height={36} />
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={48} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
