import { Navigate, Route, Routes } from 'react-router-dom';
import { KnowledgePage } from './KnowledgePage';
import { QuestionList } from './QuestionList';
import { StandingList } from './StandingList';
import { TestList } from './TestList';
import { TestResults } from './TestResults';

/** `/knowledge/manage/*` (menu 7): the tests, their results, the staff standing and the question bank. */
export default function ManageKnowledgePage() {
  return (
    <KnowledgePage>
      <Routes>
        <Route path="tests" element={<TestList />} />
        <Route path="tests/:testId/results" element={<TestResults />} />
        <Route path="standing" element={<StandingList />} />
        <Route path="questions" element={<QuestionList />} />
        <Route path="*" element={<Navigate to="/knowledge/manage/tests" replace />} />
      </Routes>
    </KnowledgePage>
  );
}
