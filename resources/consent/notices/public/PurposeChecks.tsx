import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { PublishedNotice } from '../../../../contract/consent';
import { namesOf } from './NoticeText';

/**
 * One unticked box per purpose of a published notice (s.19: consent is what the person ticks).
 * `detailed`: each box framed, with the data it uses and whether the consent is explicit (s.26).
 */
export function PurposeChecks({
  notice,
  ticked,
  onChange,
  detailed = false,
}: {
  notice: PublishedNotice;
  ticked: string[];
  onChange(ticked: string[]): void;
  detailed?: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      {notice.draft.consent.purposes.map((p) => {
        const box = (
          <FormControlLabel
            key={p._id}
            label={namesOf(notice, p.list, locale)}
            control={
              <Checkbox
                checked={ticked.includes(p._id)}
                onChange={(e) => onChange(e.target.checked ? [...ticked, p._id] : ticked.filter((x) => x !== p._id))}
              />
            }
          />
        );
        if (!detailed) return box;
        const explicit = notice.purposes.find((x) => x._id === p._id)?.explicit;
        return (
          <Box key={p._id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5 }}>
            {box}
            <Typography variant="caption" component="div" color="text.secondary" sx={{ ml: 4 }}>
              {translate('consent.public.uses', { data: namesOf(notice, p.data, locale) })}
              {explicit ? ` · ${translate('consent.public.explicit')}` : ''}
            </Typography>
          </Box>
        );
      })}
    </>
  );
}
