import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuditFilters, auditOptionsReply } from '../../contract/audit';
import { ApiFailure, apiUrl, callApi } from '../../dataProvider/http';
import { readSession } from '../../src/auth/session';

/** The choices of the filters: the company's people and every record type. */
export const useAuditOptions = () =>
  useQuery({
    queryKey: ['audit-options'],
    queryFn: () => callApi<z.infer<typeof auditOptionsReply>>('/audit/options'),
    retry: false,
    staleTime: 60_000,
  });

/** `GET /audit/export` with the list's filters: the browser saves the CSV under the server's name. */
export async function downloadAuditCsv(filters: AuditFilters, locale: string): Promise<void> {
  const session = readSession();
  let response: Response;
  try {
    response = await fetch(apiUrl('/audit/export', { ...filters }), {
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        'Accept-Language': locale,
        ...(session ? { Authorization: `Bearer ${session.access_token}` } : {}),
      },
    });
  } catch {
    throw new ApiFailure(0, undefined, 'errors.network');
  }
  if (!response.ok) {
    const reply = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const msg = typeof reply.msg === 'string' ? reply.msg : undefined;
    throw new ApiFailure(response.status, msg, msg ? undefined : 'errors.generic', reply);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit-trail.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
