import { ErrorCode } from '@inkstream/contracts';
import { AppError, notFound } from '../../lib/app-error.js';
import { verdictOf, type Audience } from './content-rating.js';

/**
 * Issue 61: the refusal of a book this audience may not open (its page, chapter list, chapters,
 * files): a book it never meets does not exist for it (404, as an unpublished one); a locked one
 * (an adult book shown blurred) asks for the age confirmation (403 AGE_CONFIRMATION_REQUIRED).
 */
export function refuseUnlessOpenable(audience: Audience, rating: string): void {
  const verdict = verdictOf(audience, rating);
  if (verdict === 'hidden') throw notFound(ErrorCode.BOOK_NOT_FOUND, 'This book does not exist');
  if (verdict === 'locked') {
    throw new AppError(
      ErrorCode.AGE_CONFIRMATION_REQUIRED,
      403,
      'This book is for adults: sign in and confirm your age in your profile to open it',
    );
  }
}
