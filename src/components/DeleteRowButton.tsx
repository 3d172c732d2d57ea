import DeleteIcon from '@mui/icons-material/Delete';
import { useRecordContext, useResourceContext } from 'react-admin';
import { RowAction } from './RowAction';
import { useConfirmedDelete } from './useConfirmedDelete';

/** Deletes the row's record after the typed confirmation; the list reloads; failures show `screenCode`. */
export function DeleteRowButton({ screenCode }: { screenCode: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const remove = useConfirmedDelete(resource, { deleted: 'common.deleted', screenCode });
  if (!record) return null;
  return (
    <>
      <RowAction label="common.delete" color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => remove.ask(record)} />
      {remove.dialog}
    </>
  );
}
