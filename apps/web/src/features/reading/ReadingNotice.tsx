import { PAGE_PATTERNS, PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { formatDateTime, formatLength } from '@inkstream/contracts/formats';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { currentPath, withReturn } from '../../lib/return-path';
import { Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { useAuth } from '../auth';
import { api, ApiError } from '../../lib/api-client';
import { readingApi } from '../../lib/api-reading';
import { decodeEntities } from '../../lib/decode-entities';
import { formatYuan } from '../../lib/format-price';
import { useLanguage } from '../../i18n/use-language';
import { PLANS } from '../account';
import { ChapterUnlockOffer, coinStyles, unlockOfferOf } from '../coins';
import { OFFLINE_ERROR } from '../offline';
import { Hourglass, Lock } from './icons';
import { AgeGate } from '../chapters';
import { earlyAccessUntil, lockOpeners, noticeFromError, readingNotice, type LockedPlace } from './reading-notice';
import styles from './ReadingNotice.module.css';

/** Instead of a chapter that could not be loaded: members-only, expired, early access, or (for members) a plain error. */
interface Props {
  error: unknown;
  bookId: string;
  chapterNumber: number;
  /** Where the locked chapter sits (its 403's ext fields), when the server said. */
  place: LockedPlace | undefined;
  onRetry(): void;
}

export function ReadingNotice({ error, bookId, chapterNumber, place, onRetry }: Props) {
  const { t } = useTranslation('reader');
  const language = useLanguage();
  const { userUuid } = useAuth();
  // Buying or logging in brings the reader back to this chapter.
  const here = currentPath(useLocation());
  // Only an unexplained failure of a logged-in user needs the membership to choose the notice.
  const asksMembership = !noticeFromError(error) && !!userUuid;
  const membership = useQuery({ queryKey: ['membership', userUuid], queryFn: api.membership, enabled: asksMembership });
  // The notice names what is locked: the book (from the refusal, else a small request) and the chapter.
  const book = useQuery({
    queryKey: ['book-title', bookId, language],
    queryFn: () => readingApi.chapters(bookId, language, 'asc', 0, 1),
    enabled:
      !!bookId &&
      !place?.title &&
      noticeFromError(error) !== 'notFound' &&
      noticeFromError(error) !== 'offline' &&
      noticeFromError(error) !== 'ageConfirmation',
  });
  const bookTitle = place?.title || book.data?.book_title;
  if (asksMembership && membership.isPending) return <Loading />;
  const notice = readingNotice(error, asksMembership ? membership.data : null);
  const offer = unlockOfferOf(error);

  if (notice === 'notFound') return <NotFound kind="chapter" />;
  if (notice === 'ageConfirmation') return <AgeGate />;
  if (notice === 'offline') {
    // Issue 47: no connection, and this chapter was not saved in this browser.
    return (
      <section className={styles.notice} role="alert" aria-labelledby="reader-notice-title">
        <h2 id="reader-notice-title" className={styles.noticeTitle}>
          {t('offline.title')}
        </h2>
        <p>{t('offline.body')}</p>
        <Link to={PAGE_PATTERNS.offline} className={styles.noticeAction}>
          {t('offline.link')}
        </Link>
        <button type="button" className={styles.noticeTextButton} onClick={onRetry}>
          {t('retry')}
        </button>
      </section>
    );
  }
  if (notice === 'error') {
    return (
      <section className={styles.notice} role="alert">
        <p className={styles.noticeTitle}>{t('loadError')}</p>
        <button type="button" className={styles.noticeAction} onClick={onRetry}>
          {t('retry')}
        </button>
      </section>
    );
  }
  // Issue 56: what opens the chapter is the server's word (its 403's `opened_by`); the notice offers
  // only that: no membership where it would not open the chapter, coins where they would.
  const opens = lockOpeners(error, !!offer);
  const until = earlyAccessUntil(error);
  // Said of the kind of book on screen ("all novels"), or of chapters when the kind is not known;
  // "log in" only to a visitor: a logged-in reader is asked to buy, not to log in again.
  const kind = place?.book_type ?? 'book';
  const copy = notice === 'expired' ? 'expired' : 'membersOnly';
  const title =
    notice === 'earlyAccess'
      ? until === undefined
        ? t('earlyAccess.titleNoDate')
        : t('earlyAccess.title', { when: formatDateTime(until, language) })
      : copy === 'membersOnly' && opens.coins
        ? t('membersOrCoins.title')
        : t(`${copy}.title`);
  const body =
    notice === 'earlyAccess'
      ? `earlyAccess.body.${opens.membership ? (opens.coins ? 'both' : 'membership') : opens.coins ? 'coins' : 'none'}`
      : copy === 'expired'
        ? `expired.body.${kind}`
        : `membersOnly.${userUuid ? 'userBody' : 'visitorBody'}.${kind}`;
  return (
    <section className={styles.notice} aria-labelledby="reader-notice-title">
      {/* With the coin offer too, the room goes to the ways to open it (issue 56: the buy button above the bottom bar). */}
      {!(offer && opens.coins && opens.membership) && (
        <span className={styles.noticeBadge} aria-hidden="true">
          {notice === 'membersOnly' ? <Lock /> : <Hourglass />}
        </span>
      )}
      {bookTitle && (
        <p className={styles.noticeBook}>
          <bdi>{decodeEntities(bookTitle)}</bdi>
          {Number.isFinite(chapterNumber) && ` · ${t('chapterNumber', { number: chapterNumber })}`}
        </p>
      )}
      <h2 id="reader-notice-title" className={styles.noticeTitle}>
        {title}
      </h2>
      <p>{t(body)}</p>
      {/* Issue 47: a copy saved for offline reading ends with the membership it was saved under. */}
      {error instanceof ApiError && error.code === OFFLINE_ERROR.expired && <p>{t('expired.savedCopy')}</p>}
      {/* Coins (issue 42): only where the refusal offers them, so a site without coins looks as before. */}
      {offer && place && opens.coins && (
        <>
          <ChapterUnlockOffer
            offer={offer}
            bookUuid={place.book_uuid}
            chapterUuid={place.chapter_uuid}
            hasNext={!!place.next_chapter_uuid}
            buyCoinsPath={`${withReturn(PAGE_PATTERNS.profile, here)}#${PROFILE_SECTIONS.coins}`}
            loginPath={withReturn(PAGE_PATTERNS.login, here)}
          />
          {opens.membership && <p className={coinStyles.or}>{t('coins:offer.orMembership')}</p>}
        </>
      )}
      {opens.membership && <MembershipPlans copy={copy} here={here} isVisitor={!userUuid} />}
    </section>
  );
}

/** The membership plans and the way to buy one (and, for a visitor, to log in): only where a membership opens the chapter. */
function MembershipPlans({ copy, here, isVisitor }: { copy: 'expired' | 'membersOnly'; here: string; isVisitor: boolean }) {
  const { t } = useTranslation('reader');
  const language = useLanguage();
  return (
    <>
      <ul className={styles.plans} aria-label={t('plansLabel')}>
        {PLANS.map((plan) => (
          <li key={plan.id} className={styles.plan}>
            <span className={styles.planName}>{t(`plans:names.${plan.id}`)}</span>
            <span className={styles.planPrice}>{formatYuan(plan.priceYuan, language)}</span>
            <span className={styles.planMeta}>{formatLength({ months: plan.months }, language)}</span>
          </li>
        ))}
      </ul>
      {/* Straight to the plans (the profile's top-up section), not the top of the profile (issue 40). */}
      <Link to={`${withReturn(PAGE_PATTERNS.profile, here)}#${PROFILE_SECTIONS.topUp}`} className={styles.noticeAction}>
        {t(`${copy}.action`)}
      </Link>
      {isVisitor && (
        <Link to={withReturn(PAGE_PATTERNS.login, here)} className={styles.noticeLink}>
          {t('logIn')}
        </Link>
      )}
    </>
  );
}
