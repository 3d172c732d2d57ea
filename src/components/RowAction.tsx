import { IconButton, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  /** i18n key: the tooltip and the accessible name */
  label: string;
  icon: ReactElement;
  onClick: () => void;
  color?: 'default' | 'error';
}

/** A table row's icon action (edit, delete, copy...): small, with its name as tooltip and label. */
export function RowAction({ label, icon, onClick, color = 'default' }: Props) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate(label)}>
      <IconButton aria-label={translate(label)} size="small" color={color} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
