import { Menu, MenuItem } from '@mui/material';
import { LOCALES } from '../i18n/i18nProvider';

/** The language switch's menu: its own chunk (MUI's Menu, Popover and Modal, ~11 KB gzip), loaded on the first click. */
export default function LanguageMenu({
  anchor,
  locale,
  onPick,
  onClose,
}: {
  anchor: HTMLElement;
  locale: string;
  onPick: (locale: string) => void;
  onClose: () => void;
}) {
  return (
    <Menu open anchorEl={anchor} onClose={onClose}>
      {LOCALES.map((l) => (
        <MenuItem key={l.locale} selected={l.locale === locale} lang={l.locale} onClick={() => onPick(l.locale)}>
          {l.name}
        </MenuItem>
      ))}
    </Menu>
  );
}
