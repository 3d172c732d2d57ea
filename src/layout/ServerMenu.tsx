import { Box, Typography } from '@mui/material';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { menuIcon } from './menuIcons';
import { menuEntryFor } from './recentMenus';
import { useServerMenu } from './useServerMenu';

/**
 * An open sidebar wraps a long module name onto more lines (react-admin's label is one line, cut
 * with an ellipsis): the whole name is read. A closed one shows the name in the icon's tooltip.
 */
const WRAPPED = {
  whiteSpace: 'normal',
  alignItems: 'flex-start',
  '& .MuiListItemIcon-root': { pt: '2px' },
  '& .MuiTypography-root': { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', overflowWrap: 'anywhere' },
} as const;

/** The sidebar: the server's menu for this user, the current entry highlighted. */
export function ServerMenu() {
  const { menu } = useServerMenu();
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { pathname } = useLocation();
  const current = menuEntryFor(menu, pathname);
  return (
    <Menu>
      <Menu.Item to="/" primaryText={translate('menu.main')} leftIcon={<AppsIconElement />} selected={pathname === '/'} />
      {menu.map((item) => {
        const Icon = menuIcon(item.icon);
        return (
          <Menu.Item
            key={item.menuId}
            to={item.path}
            primaryText={item.menuName}
            leftIcon={<Icon />}
            selected={current?.menuId === item.menuId}
            sx={open ? { ...WRAPPED, ...(item.parentId ? { pl: 4 } : {}) } : undefined}
          />
        );
      })}
      {menu.length === 0 && open ? (
        <Box sx={{ p: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('menu.no_menu')}
          </Typography>
        </Box>
      ) : null}
    </Menu>
  );
}

const AppsIconElement = () => {
  const Icon = menuIcon('Apps');
  return <Icon />;
};
