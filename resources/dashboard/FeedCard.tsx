import { Button, Card, CardContent, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LoadingSkeleton } from '../../src/components/LoadingSkeleton';

/**
 * A dashboard card: a skeleton while its feed loads, the seed's error text (with a retry) when its
 * feed fails, while the other cards still show; otherwise what `children` draws from the data.
 */
export function FeedCard<T>({
  title,
  feed,
  testId,
  children,
}: {
  title: string;
  feed: UseQueryResult<T>;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={testId} aria-busy={feed.isPending || undefined} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {feed.isPending ? (
          <LoadingSkeleton shape="card" />
        ) : feed.isError ? (
          <Typography color="error" role="alert" data-testid={`${testId}-error`}>
            {translate('dashboard.error')}{' '}
            <Button size="small" onClick={() => void feed.refetch()}>
              {translate('dashboard.retry')}
            </Button>
          </Typography>
        ) : (
          children(feed.data)
        )}
      </CardContent>
    </Card>
  );
}
