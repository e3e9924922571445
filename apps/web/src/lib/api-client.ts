import type {
  LibrarySummary,
  BookSearchResult,
  LoginResult,
  Membership,
  Subscription,
  WechatContract,
  RenewalOffer,
  PublicConfig,
  RecommendedBook,
  RegisterResult,
} from '@inkstream/contracts';
import { anonymousClient, client, data, result } from './api-fetch';

export { ApiError, LOGOUT_EVENT, SESSION_EXPIRED_EVENT, authHeaders, setServerTransport, type ServerTransport } from './api-fetch';

export interface SearchParams {
  language: string;
  page: number;
  page_size: number;
  order_by: 'updated_at' | 'popularity' | 'relevance' | 'rating';
  tag?: string | undefined;
  q?: string | undefined;
  book_type?: 'comic' | 'novel' | undefined;
  status?: 'ongoing' | 'completed' | undefined;
  has_free?: boolean | undefined;
  exclude_tags?: string | undefined;
  tags?: string | undefined;
  /** Issue 61: content descriptors the books must not have, comma-separated. */
  exclude_descriptors?: string | undefined;
}

/** The calls every screen may need (the landing page among them); the reading and account screens have theirs in api-reading.ts and api-account.ts, loaded with them. */
export const api = {
  // totp_code (ext): the second step of an account with two-step sign-in, after 401 TOTP_REQUIRED.
  login: (username: string, password: string, totpCode?: string): Promise<LoginResult> =>
    data(
      anonymousClient.POST('/api/v1/user/login', {
        body: totpCode === undefined ? { username, password } : { username, password, totp_code: totpCode },
      }),
    ),
  register: (payload: {
    username: string;
    password: string;
    invite_code?: string | null;
    user_type: string;
    email?: string;
    terms_version?: number;
    privacy_version?: number;
  }): Promise<RegisterResult> => data(anonymousClient.POST('/api/v1/user/register', { body: payload })),
  searchBooks: (params: SearchParams): Promise<BookSearchResult> =>
    data(client.GET('/api/v1/comics/book/search', { params: { query: params } })),
  tags: () => result(client.GET('/api/v1/reader/book/tags')),
  recommendations: (language: string): Promise<RecommendedBook[]> =>
    result(client.GET('/api/v1/comics/book/recommendation/list', { params: { query: { language } } })),
  membership: (): Promise<Membership | null> => result(client.GET('/api/v1/user/book/membership')),
  // Issue 59: the reader's renewing membership; the server decides its state and what may be done.
  subscription: (): Promise<Subscription | null> => result(client.GET('/api/v1/user/membership/subscription')),
  cancelRenewal: (reason?: string): Promise<Subscription | null> =>
    result(client.POST('/api/v1/user/membership/subscription/cancel', { body: reason ? { reason } : {} })),
  resumeRenewal: (): Promise<Subscription | null> => result(client.POST('/api/v1/user/membership/subscription/resume')),
  renewalPortal: (): Promise<{ url: string }> => result(client.POST('/api/v1/user/membership/subscription/portal')),
  renewalOffer: (): Promise<RenewalOffer | null> => result(client.GET('/api/v1/user/membership/renewal_offer')),
  simulateRenewal: (event: 'renewal_paid' | 'renewal_failed' | 'period_end' | 'terminated'): Promise<Subscription | null> =>
    result(client.POST('/api/v1/payment/sandbox/subscription/simulate', { body: { event } })),
  startWechatContract: (plan: 'month' | 'season'): Promise<WechatContract> =>
    result(client.POST('/api/v1/payment/wechat/contract', { body: { plan } })),
  wechatContract: (code: string): Promise<WechatContract> =>
    result(client.GET('/api/v1/payment/wechat/contract/{code}', { params: { path: { code } } })),
  publicConfig: (): Promise<PublicConfig> => result(client.GET('/api/v1/config/public')),
  mergeProgress: (visitor_id: string) => result(client.POST('/api/v1/reader/progress/merge', { body: { visitor_id } })),
  librarySummary: (): Promise<LibrarySummary> => result(client.GET('/api/v1/user/library/summary')),
};
