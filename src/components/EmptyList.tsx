import { Box, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import { useTranslate } from 'react-admin';

/**
 * The two empty-list texts of the seed: 'ไม่มีข้อมูลในระบบ' when nothing exists yet, and
 * 'ไม่พบรายการข้อมูล' when a search finds nothing.
 */
export function EmptyList({ searching = false }: { searching?: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
      <InboxIcon sx={{ fontSize: 48, opacity: 0.5 }} />
      <Typography>{translate(searching ? 'common.no_results' : 'common.empty_list')}</Typography>
    </Box>
  );
}
