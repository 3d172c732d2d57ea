import { Box, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import { useTranslate } from 'react-admin';

/**
 * An empty list's look. By default the two empty-list texts of the seed: 'ไม่มีข้อมูลในระบบ' when
 * nothing exists yet, and 'ไม่พบรายการข้อมูล' when a search finds nothing; a list with its own texts
 * names them (`text`, and a `hint` below it).
 */
export function EmptyList({ searching = false, text, hint }: { searching?: boolean; text?: string; hint?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="empty-list">
      <InboxIcon sx={{ fontSize: 48, opacity: 0.5 }} />
      <Typography>{translate(text ?? (searching ? 'common.no_results' : 'common.empty_list'))}</Typography>
      {hint ? <Typography variant="body2">{translate(hint)}</Typography> : null}
    </Box>
  );
}
