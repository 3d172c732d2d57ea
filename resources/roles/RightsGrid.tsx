import { Checkbox, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { GRANTABLE_MENUS, type RoleRight } from '../../contract/roles';
import { toggleAll, toggleRight, type RightLevel } from './rights';

interface Props {
  rights: RoleRight[];
  /** absent: the grid only shows the rights */
  onChange?: (rights: RoleRight[]) => void;
}

const LEVELS: RightLevel[] = ['view', 'edit'];

/**
 * The menus as the sidebar names them, each with two boxes: view and edit. Ticking edit ticks view;
 * unticking view unticks edit (and the menu's sub-menus).
 */
export function RightsGrid({ rights, onChange }: Props) {
  const translate = useTranslate();
  const has = (menuId: number, level: RightLevel) => rights.some((r) => r.menuId === menuId && (level === 'view' || r.edit));
  const count = (level: RightLevel) => GRANTABLE_MENUS.filter((m) => has(m.menuId, level)).length;
  return (
    <Table size="small" aria-label={translate('roles.grid.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('roles.grid.menu')}</TableCell>
          {LEVELS.map((level) => {
            const n = count(level);
            return (
              <TableCell key={level} align="center" padding="checkbox" sx={{ whiteSpace: 'nowrap', px: 1 }}>
                {translate(`roles.grid.${level}`)}
                {onChange ? (
                  <Checkbox
                    size="small"
                    checked={n === GRANTABLE_MENUS.length}
                    indeterminate={n > 0 && n < GRANTABLE_MENUS.length}
                    onChange={(e) => onChange(toggleAll(rights, level, e.target.checked))}
                    slotProps={{ input: { 'aria-label': translate(`roles.grid.all_${level}`) } }}
                  />
                ) : null}
              </TableCell>
            );
          })}
        </TableRow>
      </TableHead>
      <TableBody>
        {GRANTABLE_MENUS.map((menu) => {
          const name = translate(`menu.${menu.key}`);
          return (
            <TableRow key={menu.menuId} hover>
              <TableCell sx={{ pl: menu.parentId ? 5 : 2 }}>{name}</TableCell>
              {LEVELS.map((level) => (
                <TableCell key={level} align="center" padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={has(menu.menuId, level)}
                    disabled={!onChange}
                    onChange={(e) => onChange?.(toggleRight(rights, menu.menuId, level, e.target.checked))}
                    slotProps={{ input: { 'aria-label': `${name}: ${translate(`roles.grid.${level}`)}` } }}
                  />
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
