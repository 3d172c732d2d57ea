import NotificationsIcon from '@mui/icons-material/Notifications';
import type { ResourceUiDefinition } from '../types';
import definition from './definition';
import { lazy } from 'react';

export default {
  ...definition,
  icon: NotificationsIcon,
  list: lazy(() => import('./NotificationList').then((m) => ({ default: m.NotificationList }))),
} satisfies ResourceUiDefinition;
