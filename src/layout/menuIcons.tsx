import AppsIcon from '@mui/icons-material/Apps';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BadgeIcon from '@mui/icons-material/Badge';
import BlockIcon from '@mui/icons-material/Block';
import CookieIcon from '@mui/icons-material/Cookie';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PeopleIcon from '@mui/icons-material/People';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import WarningIcon from '@mui/icons-material/Warning';
import SchoolIcon from '@mui/icons-material/School';
import type { SvgIconComponent } from '@mui/icons-material';

/** The icon names the server's menu uses (contract/menus.ts), as components. */
const ICONS: Record<string, SvgIconComponent> = {
  Apps: AppsIcon,
  Assessment: AssessmentIcon,
  Badge: BadgeIcon,
  Block: BlockIcon,
  Cookie: CookieIcon,
  Dashboard: DashboardIcon,
  Description: DescriptionIcon,
  FactCheck: FactCheckIcon,
  ListAlt: ListAltIcon,
  People: PeopleIcon,
  GppMaybe: GppMaybeIcon,
  Settings: SettingsIcon,
  Storage: StorageIcon,
  Warning: WarningIcon,
  School: SchoolIcon,
};

export const menuIcon = (name: string): SvgIconComponent => ICONS[name] ?? AppsIcon;
