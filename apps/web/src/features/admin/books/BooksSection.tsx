import { Route, Routes } from 'react-router';
import { BookList } from './BookList';
import { BookPage } from './BookPage';
import { NewBookPage } from './NewBookPage';

/** Books in the console: the list (with the carousel), a new book, one book's page with its chapters. */
export default function BooksSection() {
  return (
    <Routes>
      <Route index element={<BookList />} />
      <Route path="new" element={<NewBookPage />} />
      <Route path=":uuid" element={<BookPage />} />
    </Routes>
  );
}
