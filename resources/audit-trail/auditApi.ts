import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuditFilters, auditOptionsReply } from '../../contract/audit';
import { callApi, downloadFile } from '../../dataProvider/http';

/** The choices of the filters: the company's people and every record type. */
export const useAuditOptions = () =>
  useQuery({
    queryKey: ['audit-options'],
    queryFn: () => callApi<z.infer<typeof auditOptionsReply>>('/audit/options'),
    retry: false,
    staleTime: 60_000,
  });

/** `GET /audit/export` with the list's filters: the browser saves the CSV under the server's name. */
export const downloadAuditCsv = (filters: AuditFilters) => downloadFile('/audit/export', { query: { ...filters } }, 'audit-trail.csv');
