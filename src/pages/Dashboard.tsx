/** `/dashboard` (menu 2): the dashboard resource's page. */
export { default } from '../../resources/dashboard/DashboardPage';
