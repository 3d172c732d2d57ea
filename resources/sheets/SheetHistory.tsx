import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SheetDetail } from '../../contract/sheets';
import { formatDate } from '../../i18n/dates';

/** Who moved the document, from which state to which, at which version, and when. */
export function SheetHistory({ sheet }: { sheet: SheetDetail }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Table size="small" aria-label={translate('sheets.edit.history')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('sheets.list.updated')}</TableCell>
          <TableCell>{translate('sheets.list.state')}</TableCell>
          <TableCell>{translate('sheets.list.version')}</TableCell>
          <TableCell>{translate('common.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {sheet.events.map((e, i) => (
          <TableRow key={i} data-testid="sheet-event">
            <TableCell>{formatDate(e.at, locale, true)}</TableCell>
            <TableCell>
              {e.fromState ? `${translate(`sheets.states.${e.fromState}`)} → ` : ''}
              {translate(`sheets.states.${e.toState}`)}
            </TableCell>
            <TableCell>{e.version}</TableCell>
            <TableCell>
              {translate(`sheets.actions.${e.action}`)} — {e.by?.name ?? '-'}
              {e.note ? ` (${e.note})` : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
