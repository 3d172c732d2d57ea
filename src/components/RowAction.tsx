import { IconButton, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

type Props = {
  /** i18n key: the tooltip and the accessible name */
  label: string;
  icon: ReactElement;
  color?: 'default' | 'error';
} & (
  | { onClick: () => void; to?: never }
  /** a screen of its own: a link (it opens in a new tab too) */
  | { to: string; onClick?: never }
);

/** A table row's icon action (edit, delete, copy...): small, with its name as tooltip and label. */
export function RowAction({ label, icon, onClick, to, color = 'default' }: Props) {
  const translate = useTranslate();
  // a screen of its own is a link; anything else a button
  const action = to !== undefined ? { component: Link, to } : { onClick };
  return (
    <Tooltip title={translate(label)}>
      <IconButton aria-label={translate(label)} size="small" color={color} {...action}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
