import { PAGE_PATTERNS as PAGE } from '@inkstream/contracts/routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { Layout } from './components/Layout';
import { Loading } from './components/Loading';
import { InteractiveMark } from './components/InteractiveMark';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { useFocusOnNavigation } from './components/use-focus-on-navigation';
import { AuthProvider } from './features/auth/AuthContext';
import { RequireUser } from './features/auth/RequireUser';
import { withReadingTexts, withRestOfLanguage } from './i18n';
import { useOffline } from './lib/online';
import { BROWSER_RENDER, RenderContextProvider, type RenderContext } from './lib/render-context';

// Every screen loads on demand, the landing page's too: a reader who arrives on a book or a chapter
// (from a search engine, a shared link) does not download the book list's code first. The server's
// head names the chunks of the page it sends (preload hints), so no screen costs a round trip more.
// The book list needs only the first translations; the reading screens the reading part.
const BookListPage = lazy(() => import('./routes/BookListPage').then(({ BookListPage }) => ({ default: BookListPage })));
const SearchPage = lazy(withReadingTexts(() => import('./routes/SearchPage')));
const ChapterListPage = lazy(withReadingTexts(() => import('./routes/ChapterListPage')));
const ReadingPage = lazy(withReadingTexts(() => import('./routes/ReadingPage').then((route) => route.loadReadingPage())));
// Discovery (issue 46): the calendar, the rankings and a person's books, with the reading texts (their namespace is there).
const SchedulePage = lazy(withReadingTexts(() => import('./routes/SchedulePage')));
const RankingsPage = lazy(withReadingTexts(() => import('./routes/RankingsPage')));
const AuthorPage = lazy(withReadingTexts(() => import('./routes/AuthorPage')));
// Issue 47: the chapters saved for offline reading, and the word that the app is offline; their texts are the reading part's.
const OfflinePage = lazy(withReadingTexts(() => import('./routes/OfflinePage')));
const OfflineBanner = lazy(withReadingTexts(() => import('./features/offline/OfflineBanner')));
const LoginPage = lazy(withRestOfLanguage(() => import('./routes/LoginPage')));
const RegisterPage = lazy(withRestOfLanguage(() => import('./routes/RegisterPage')));
const ForgotPasswordPage = lazy(withRestOfLanguage(() => import('./routes/ForgotPasswordPage')));
const ResetPasswordPage = lazy(withRestOfLanguage(() => import('./routes/ResetPasswordPage')));
const ConfirmEmailPage = lazy(withRestOfLanguage(() => import('./routes/ConfirmEmailPage')));
const SignInFinishPage = lazy(withRestOfLanguage(() => import('./routes/SignInFinishPage')));
const ProfilePage = lazy(withRestOfLanguage(() => import('./routes/ProfilePage')));
const LibraryPage = lazy(withRestOfLanguage(() => import('./routes/LibraryPage')));
// Issue 61: a reader's shared list (its words are the library's).
const ListPage = lazy(withRestOfLanguage(() => import('./routes/ListPage')));
const ContactPage = lazy(withRestOfLanguage(() => import('./routes/ContactPage')));
const LegalPage = lazy(withRestOfLanguage(() => import('./routes/LegalPage')));
const UnsubscribePage = lazy(withRestOfLanguage(() => import('./routes/UnsubscribePage')));
// A mistyped address is rare: its page is not part of every first load either.
const MissingPage = lazy(() => import('./components/NotFound').then(({ NotFound }) => ({ default: () => <NotFound kind="page" /> })));
const SandboxCheckoutPage = lazy(withRestOfLanguage(() => import('./routes/SandboxCheckoutPage')));
const SandboxWechatLoginPage = lazy(withRestOfLanguage(() => import('./routes/SandboxWechatLoginPage')));
const GiftPage = lazy(withRestOfLanguage(() => import('./routes/GiftPage')));
// The operator's console: its own chunks and translations, never part of a reader's download.
const AdminPage = lazy(withRestOfLanguage(() => import('./routes/AdminPage').then((route) => route.loadAdminPage())));

/** One per browser tab, and one per page the server renders (entry-server.tsx). */
export function createQueryClient(overrides: { retry?: false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false, ...overrides } },
  });
}

/**
 * The providers and routes the browser and the server share. `router` wraps the routes: the
 * browser's router, or on the server a static one at the requested address.
 */
export function AppShell({ queryClient, router, render = BROWSER_RENDER }: AppShellProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RenderContextProvider value={render}>
        <AuthProvider>{router(<AppRoutes />)}</AuthProvider>
      </RenderContextProvider>
    </QueryClientProvider>
  );
}

interface AppShellProps {
  queryClient: QueryClient;
  router: (routes: ReactNode) => ReactNode;
  /** What this render is made with (render-context.tsx): the server's render, or the one being taken over. */
  render?: RenderContext;
}

export function App({ queryClient, render = BROWSER_RENDER }: { queryClient: QueryClient; render?: RenderContext }) {
  return <AppShell queryClient={queryClient} render={render} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;
}

/** The route table is contracts' (routes.ts): the server knows the same pages by the same patterns. */
function AppRoutes() {
  useFocusOnNavigation();
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary address={pathname}>
      <AppRoutesInSuspense />
    </ScreenErrorBoundary>
  );
}

function AppRoutesInSuspense() {
  return (
    <Suspense fallback={<Loading />}>
      <InteractiveMark />
      <Routes>
        <Route element={<Layout notice={<OfflineNotice />} />}>
          <Route index element={<BookListPage />} />
          <Route path={PAGE.books} element={<BookListPage />} />
          <Route path={PAGE.search} element={<SearchPage />} />
          <Route path={PAGE.book} element={<ChapterListPage />} />
          <Route path={PAGE.schedule} element={<SchedulePage />} />
          <Route path={PAGE.rankings} element={<RankingsPage />} />
          <Route path={PAGE.author} element={<AuthorPage />} />
          <Route path={PAGE.login} element={<LoginPage />} />
          <Route path={PAGE.register} element={<RegisterPage />} />
          <Route path={PAGE.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={PAGE.resetPassword} element={<ResetPasswordPage />} />
          <Route path={PAGE.confirmEmail} element={<ConfirmEmailPage />} />
          <Route path={PAGE.signInFinish} element={<SignInFinishPage />} />
          <Route
            path={PAGE.profile}
            element={
              <RequireUser>
                <ProfilePage />
              </RequireUser>
            }
          />
          <Route path={PAGE.library} element={<LibraryPage />} />
          <Route path={PAGE.list} element={<ListPage />} />
          <Route path={PAGE.offline} element={<OfflinePage />} />
          <Route path={PAGE.contact} element={<ContactPage />} />
          <Route path={PAGE.privacy} element={<LegalPage kind="privacy" />} />
          <Route path={PAGE.terms} element={<LegalPage kind="terms" />} />
          <Route path={PAGE.unsubscribe} element={<UnsubscribePage />} />
          <Route path={PAGE.sandboxCheckout} element={<SandboxCheckoutPage />} />
          <Route path={PAGE.sandboxWechatLogin} element={<SandboxWechatLoginPage />} />
          <Route path={PAGE.gift} element={<GiftPage />} />
          <Route path={PAGE.admin} element={<AdminPage />} />
          <Route path="*" element={<MissingPage />} />
        </Route>
        <Route path={PAGE.reading} element={<ReadingPage />} />
      </Routes>
    </Suspense>
  );
}

/** The offline banner over the screens with the header, while the browser has no connection (its code loads only then). */
function OfflineNotice() {
  return useOffline() ? (
    <Suspense fallback={null}>
      <OfflineBanner />
    </Suspense>
  ) : null;
}
