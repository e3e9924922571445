import { ErrorCode } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import type { FeedAuthenticator } from './feed-reader.js';

/**
 * Until the feed keys' authenticator is wired (services.ts `feedAuth`, issue 32), the feeds let
 * no one in: every request is refused with 401, so no feed is ever open while keys do not exist.
 */
export const refuseEveryFeedReader: FeedAuthenticator = () =>
  Promise.reject(new AppError(ErrorCode.AUTH_REQUIRED, 401, 'A feed key is required'));
