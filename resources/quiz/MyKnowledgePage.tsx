import { Navigate, Route, Routes } from 'react-router-dom';
import { KnowledgePage } from './KnowledgePage';
import { MyTests } from './MyTests';
import { StandingList } from './StandingList';
import { TakeTest } from './TakeTest';
import { VerifyCertificate } from './VerifyCertificate';

/** `/knowledge/my/*` (menu 19, every staff member): one's own tests, taking one, checking a certificate; a head's team. */
export default function MyKnowledgePage() {
  return (
    <KnowledgePage>
      <Routes>
        <Route index element={<MyTests />} />
        <Route path="attempt/:attemptId" element={<TakeTest />} />
        <Route path="verify" element={<VerifyCertificate />} />
        <Route path="team" element={<StandingList team />} />
        <Route path="*" element={<Navigate to="/knowledge/my" replace />} />
      </Routes>
    </KnowledgePage>
  );
}
