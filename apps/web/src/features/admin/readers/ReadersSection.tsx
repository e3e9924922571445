import { Route, Routes } from 'react-router';
import { ReaderDetail } from './ReaderDetail';
import { ReaderList } from './ReaderList';

/** Readers: the searchable list at /admin/readers and one reader at /admin/readers/:uuid. */
export default function ReadersSection() {
  return (
    <Routes>
      <Route index element={<ReaderList />} />
      <Route path=":uuid" element={<ReaderDetail />} />
    </Routes>
  );
}
