import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { IconButton } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A row's edit and delete icons (the quiz's and the request forms' tables). */
export function EditDeleteButtons({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const translate = useTranslate();
  return (
    <>
      <IconButton aria-label={translate('ra.action.edit')} onClick={onEdit}>
        <EditIcon />
      </IconButton>
      <IconButton aria-label={translate('ra.action.delete')} onClick={onDelete}>
        <DeleteIcon />
      </IconButton>
    </>
  );
}
