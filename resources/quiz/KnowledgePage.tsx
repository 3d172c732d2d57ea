import { Box, Tab, Tabs, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCanManageTests } from './quizApi';
import { useTeamDepartments } from './StandingList';

const TABS = [
  { key: 'my', path: '/knowledge/my' },
  { key: 'team', path: '/knowledge/my/team' },
  { key: 'tests', path: '/knowledge/manage/tests' },
  { key: 'standing', path: '/knowledge/manage/standing' },
  { key: 'questions', path: '/knowledge/manage/questions' },
  { key: 'verify', path: '/knowledge/my/verify' },
] as const;

/** The knowledge tests' frame: the title and the tabs; the managing tabs only for roles with menu 7, the team's for a department's head. */
export function KnowledgePage({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const canManage = useCanManageTests();
  const heads = (useTeamDepartments().data ?? []).length > 0;
  const current = pathname.startsWith('/knowledge/my/team')
    ? 'team'
    : pathname.startsWith('/knowledge/manage/questions')
      ? 'questions'
      : pathname.startsWith('/knowledge/manage/standing')
        ? 'standing'
        : pathname.startsWith('/knowledge/manage')
          ? 'tests'
          : pathname.startsWith('/knowledge/my/verify')
            ? 'verify'
            : 'my';
  const tabs = TABS.filter((t) => (t.key !== 'team' || heads) && (canManage || (t.key !== 'tests' && t.key !== 'standing' && t.key !== 'questions')));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('quiz.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate('quiz.title')}
      </Typography>
      <Tabs
        value={tabs.some((t) => t.key === current) ? current : false}
        onChange={(_, key: string) => navigate(TABS.find((t) => t.key === key)!.path)}
        sx={{ mb: 2 }}
        variant="scrollable"
      >
        {tabs.map((t) => (
          <Tab key={t.key} value={t.key} label={translate(`quiz.tabs.${t.key}`)} />
        ))}
      </Tabs>
      {children}
    </Box>
  );
}
