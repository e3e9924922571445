import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './components/Layout';
import { Loading } from './components/Loading';
import { NotFound } from './components/NotFound';
import { AuthProvider } from './features/auth/AuthContext';
import { RequireUser } from './features/auth/RequireUser';
import { withRestOfLanguage } from './i18n';
import { BookListPage } from './routes/BookListPage';

// The book list is the landing page; everything else loads on demand so `/` stays light.
const ChapterListPage = lazy(withRestOfLanguage(() => import('./routes/ChapterListPage')));
const ReaderPage = lazy(withRestOfLanguage(() => import('./routes/ReaderPage')));
const LoginPage = lazy(withRestOfLanguage(() => import('./routes/LoginPage')));
const RegisterPage = lazy(withRestOfLanguage(() => import('./routes/RegisterPage')));
const ProfilePage = lazy(withRestOfLanguage(() => import('./routes/ProfilePage')));
const LibraryPage = lazy(withRestOfLanguage(() => import('./routes/LibraryPage')));
const ContactPage = lazy(withRestOfLanguage(() => import('./routes/ContactPage')));
const SandboxCheckoutPage = lazy(withRestOfLanguage(() => import('./routes/SandboxCheckoutPage')));
// The operator's console: its own chunks and translations, never part of a reader's download.
const AdminPage = lazy(withRestOfLanguage(() => import('./routes/AdminPage').then((route) => route.loadAdminPage())));

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter>
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route element={<Layout />}>
                <Route index element={<BookListPage />} />
                <Route path="books" element={<BookListPage />} />
                <Route path="book/chapters/:id" element={<ChapterListPage />} />
                <Route path="login" element={<LoginPage />} />
                <Route path="register" element={<RegisterPage />} />
                <Route
                  path="profile"
                  element={
                    <RequireUser>
                      <ProfilePage />
                    </RequireUser>
                  }
                />
                <Route path="library" element={<LibraryPage />} />
                <Route path="contact-us" element={<ContactPage />} />
                <Route path="sandbox/checkout/:orderId" element={<SandboxCheckoutPage />} />
                <Route path="admin/*" element={<AdminPage />} />
                <Route path="*" element={<NotFound kind="page" />} />
              </Route>
              <Route path="reader/book/chapter/:bookid/:chapter_uuid/:chapter_number" element={<ReaderPage />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
