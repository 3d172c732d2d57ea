import { Navigate, Route, Routes } from 'react-router-dom';
import { KnowledgePage } from './KnowledgePage';
import { MyTests } from './MyTests';
import { TakeTest } from './TakeTest';
import { VerifyCertificate } from './VerifyCertificate';

/** `/knowledge/my/*` (menu 19, every staff member): one's own tests, taking one, checking a certificate. */
export default function MyKnowledgePage() {
  return (
    <KnowledgePage>
      <Routes>
        <Route index element={<MyTests />} />
        <Route path="attempt/:attemptId" element={<TakeTest />} />
        <Route path="verify" element={<VerifyCertificate />} />
        <Route path="*" element={<Navigate to="/knowledge/my" replace />} />
      </Routes>
    </KnowledgePage>
  );
}
