import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ConsentRow } from '../../../contract/consent';

const STATE_COLOR = { given: 'success', withdrawn: 'default', reconsent: 'warning' } as const;

/** The current state of one subject's consent to one purpose. */
export function ConsentStateChip({ state }: { state: ConsentRow['state'] }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATE_COLOR[state]} label={translate(`consent.states.${state}`)} />;
}
