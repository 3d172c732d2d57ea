import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AuditFilters } from '../../contract/audit';
import type { AppDataProvider } from '../../dataProvider';

/** The choices of the filters: the company's people and every record type. */
export function useAuditOptions() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['audit-trail', 'options'],
    queryFn: () => dataProvider.auditOptions(),
    retry: false,
    staleTime: 60_000,
  });
}

/** `GET /audit/export` with the list's filters: the browser saves the CSV under the server's name. */
export function useAuditExport() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useMutation({ mutationFn: (filters: AuditFilters) => dataProvider.exportAuditTrail(filters) });
}
