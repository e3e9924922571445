import type { CoinPack } from '@inkstream/contracts';
import { formatCount, formatLength } from '@inkstream/contracts/formats';
import { PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { formatFen } from '../../lib/format-price';
import { currentLanguage } from '../../lib/language';
import { publicConfigQuery } from '../../lib/public-config';
import { RETURN_PARAM, safeReturnPath } from '../../lib/return-path';
import { CoinIcon, coinStyles as styles, packCard, packTotal, useWallet, WalletHistory } from '../coins';
import {
  PaymentPanel,
  paymentOptions,
  paymentStyles as payments,
  reserveCheckoutWindow,
  StripeBuyButton,
  usePaymentFlow,
} from '../payments';
import { offersWeChatPay } from './plans';
import forms from '../../components/forms.module.css';
import profile from './profile.module.css';

const READER_PATH = /^\/reader\/book\/chapter\//;

/**
 * The profile's coins (issue 42), only while the site has them on: the balance, the packs on sale
 * (bought through the membership's payment flow: WeChat QR in Chinese, the card button or Stripe's
 * buy button elsewhere, the sandbox's checkout in sandbox mode), the history and the bonus coins
 * that will expire.
 */
export function CoinsSection({ userUuid, language }: { userUuid: string; language: string }) {
  const { t } = useTranslation('coins');
  const config = useQuery({ ...publicConfigQuery(), staleTime: 5 * 60_000 });
  const enabled = config.data?.coins?.enabled === true;
  const wallet = useWallet(enabled);
  const flow = usePaymentFlow();
  const [activePackId, setActivePackId] = useState<number | null>(null);
  // Came from a locked chapter ("Buy coins"): once paid, the way back to unlock it.
  const returnTo = safeReturnPath(useSearchParams()[0].get(RETURN_PARAM));
  if (!enabled || !config.data) return null;

  const options = paymentOptions(config.data);
  const packs = config.data.coins.packs;
  const showWeChat = offersWeChatPay(language);
  const active = flow.state.phase === 'idle' ? null : flow.state;
  const activePack = active && packs.find((pack) => pack.id === activePackId);
  const coins = (count: number) => t('amount', { count, formatted: formatCount(count, currentLanguage()) });

  const buy = (pack: CoinPack, channel: 'wechat' | 'card') => {
    setActivePackId(pack.id);
    flow.start('coins', { pack: pack.id }, channel, channel === 'card' ? reserveCheckoutWindow() : undefined);
  };

  return (
    <section id={PROFILE_SECTIONS.coins} className={profile.section} aria-labelledby="coins-title">
      <h2 id="coins-title" className={`${profile.sectionTitle} ${payments.headingRow}`}>
        {t('profile.heading')}
      </h2>
      <p className={styles.wallet}>
        <span>{t('profile.balance')}</span>
        <span className={styles.walletAmount} data-testid="coin-balance">
          {wallet.data ? formatCount(wallet.data.balance, currentLanguage()) : '--'}
        </span>
      </p>
      {active ? (
        <>
          <PaymentPanel
            state={active}
            priceYuan={(activePack?.price_fen ?? 0) / 100}
            sandbox={options.sandbox}
            planName={activePack ? coins(packTotal(activePack)) : t('profile.heading')}
            successText={t('profile.paid')}
            onCancel={flow.cancel}
            onReset={flow.reset}
          />
          {active.phase === 'success' && returnTo && READER_PATH.test(returnTo) && (
            <Link to={returnTo} className={forms.primary}>
              {t('profile.backToChapter')}
            </Link>
          )}
        </>
      ) : packs.length === 0 ? (
        <p className={styles.empty}>{t('profile.noPacks')}</p>
      ) : (
        <ul className={styles.packs} aria-label={t('profile.packs')}>
          {packs.map((pack) => {
            const card = packCard(config.data, pack);
            const name = coins(packTotal(pack));
            return (
              <li key={pack.id} className={styles.pack}>
                <span className={styles.packCoins}>
                  <CoinIcon />
                  {coins(pack.coins)}
                </span>
                {pack.bonus_coins > 0 && (
                  <span className={styles.bonus}>
                    {t('profile.bonus', { formatted: formatCount(pack.bonus_coins, currentLanguage()) })}
                  </span>
                )}
                {pack.bonus_coins > 0 && pack.bonus_expiry_days !== null && (
                  <span className={styles.packNote}>
                    {t('profile.bonusExpires', { length: formatLength({ days: pack.bonus_expiry_days }, currentLanguage()) })}
                  </span>
                )}
                <span className={styles.packPrice}>{formatFen(pack.price_fen, currentLanguage())}</span>
                <span className={styles.packButtons}>
                  {showWeChat && options.wechat && (
                    <button
                      type="button"
                      className={forms.primary}
                      aria-label={t('profile.buyWeChat', { coins: name })}
                      onClick={() => buy(pack, 'wechat')}
                    >
                      {t('profile.wechat')}
                    </button>
                  )}
                  {card.kind === 'stripe' ? (
                    <StripeBuyButton buyButtonId={card.buyButtonId} publishableKey={card.publishableKey} clientReferenceId={userUuid} />
                  ) : (
                    card.kind === 'sandbox' && (
                      <button
                        type="button"
                        className={showWeChat && options.wechat ? forms.secondary : forms.primary}
                        aria-label={t('profile.buyCard', { coins: name })}
                        onClick={() => buy(pack, 'card')}
                      >
                        {t('profile.card')}
                      </button>
                    )
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {wallet.data && <WalletHistory wallet={wallet.data} />}
      {wallet.isError && <p className={forms.error}>{t('common:status.error')}</p>}
    </section>
  );
}
