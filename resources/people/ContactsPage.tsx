import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { ResourceListView } from '../../src/resourceViews/ResourceListView';
import departments from './departments';
import positions from './positions';
import { DepartmentFilter } from './DepartmentFilter';
import { PeopleList } from './PeopleList';

/** The page's tabs, kept in `?tab=` so a reload or a shared link opens the same one. */
const TABS = [
  { value: 'people', label: 'people.tabs.people', element: <PeopleList /> },
  { value: 'departments', label: 'people.tabs.departments', element: <ResourceListView definition={departments} key="departments" /> },
  {
    value: 'positions',
    label: 'people.tabs.positions',
    element: <ResourceListView definition={positions} key="positions" toolbar={<DepartmentFilter />} />,
  },
] as const;

/** The roles page (another module) sits beside these tabs as a link. */
const ROLES_PATH = '/settings/contacts/role';

/** `/settings/contacts/list` (menu 14): people, departments, positions, and the way to the roles. */
export default function ContactsPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const current = TABS.find((t) => t.value === params.get('tab')) ?? TABS[0];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('people.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {translate('people.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('people.intro')}
      </Typography>
      <Paper variant="outlined">
        <Tabs
          value={current.value}
          aria-label={translate('people.title')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((tab) => (
            <Tab key={tab.value} value={tab.value} label={translate(tab.label)} component={Link} to={`?tab=${tab.value}`} />
          ))}
          <Tab value="roles" label={translate('people.tabs.roles')} component={Link} to={ROLES_PATH} />
        </Tabs>
        <Box sx={{ p: 2 }}>{current.element}</Box>
      </Paper>
    </Box>
  );
}
