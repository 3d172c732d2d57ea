import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { z } from 'zod';
import type { DashboardFeed, DashboardQuery } from '../../contract/dashboard';
import type { AppDataProvider } from '../../dataProvider';

/**
 * One dashboard feed for the period: fetched once per period and kept (the seed caches each call);
 * `enabled: false` for a feed of a menu the viewer lacks (the server would refuse it).
 */
export function useFeed<T extends z.ZodType>(feed: DashboardFeed, query: DashboardQuery, _schema: T, enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['dashboard', feed, query],
    queryFn: async () => (await dataProvider.dashboardFeed({ feed, query })) as z.infer<T>,
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
