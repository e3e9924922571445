import { pagePath, PROFILE_SECTIONS } from '@inkstream/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { createCoinLedger } from '../modules/coins/coin-ledger.js';
import { activePacks, toPublicPack } from '../modules/coins/coin-packs.repository.js';
import { createEarlyAccess, EARLY_ACCESS_END_JOB } from '../modules/coins/early-access.js';
import { createFreeUnlockNotice, FREE_UNLOCK_READY_JOB } from '../modules/coins/free-unlock-notice.js';
import { createUnlocksService } from '../modules/coins/unlocks.service.js';
import { createCoinOptionsService } from '../modules/coins/coin-options.service.js';
import { createCouponsService } from '../modules/coupons/coupons.service.js';
import type { JobHandler } from '../modules/jobs/job-runner.js';
import { createCheckoutTokens } from '../modules/payments/checkout-token.js';
import { createOrderLedger } from '../modules/payments/order-ledger.js';
import { createPaymentsService } from '../modules/payments/payments.service.js';
import { createGiftCodes } from '../modules/payments/gifts/gift-codes.js';
import { createGiftsService } from '../modules/payments/gifts/gifts.service.js';
import { createStripeWebhook } from '../modules/payments/stripe/stripe-webhook.js';
import { createSubscriptionLedger } from '../modules/payments/subscriptions/subscription-ledger.js';
import { createSubscriptionsService } from '../modules/payments/subscriptions/subscriptions.service.js';
import { createSandboxSubscriptions } from '../modules/payments/subscriptions/sandbox-subscriptions.js';
import { createStripeBilling } from '../modules/payments/stripe/stripe-billing-client.js';
import { createWechatNotifications } from '../modules/payments/wechat/wechat-notifications.js';
import { createWechatPayClient } from '../modules/payments/wechat/wechat-pay-client.js';
import { createPapayClient } from '../modules/payments/wechat/papay-client.js';
import { createWechatContracts } from '../modules/payments/wechat/wechat-contracts.js';
import type { Accounts } from './accounts.js';
import type { Catalogue } from './catalogue.js';
import type { Platform } from './platform.js';

/**
 * Coins, coupons and payments (docs/PAYMENTS.md): one ledger for memberships and coins, the two
 * rails that fill it, and what coins buy (unlocks, early access). Built before the reader
 * features, which are handed what a chapter's unlock offer is.
 */
export function buildMoney(config: AppConfig, log: FastifyBaseLogger, given: Platform & Accounts & Catalogue) {
  const { db, domainEvents, siteSettings, membership } = given;
  const coinsOnSale = async () => (await siteSettings.get()).coins_enabled;
  // Coins (issue 42, docs/PAYMENTS.md "Coins"): the second way to pay, on the same ledger as memberships.
  const coinLedger = createCoinLedger();
  // Gift memberships (issue 59): codes derived under the server secret, stored as hashes only.
  const gifts = createGiftsService({ db, domainEvents, membership, codes: createGiftCodes(config.jwtSecret), publicUrl: config.publicUrl });
  const ledger = createOrderLedger({ domainEvents, membership, coins: coinLedger, gifts, inviteRewardDays: config.inviteRewardDays });
  // Memberships that renew (issue 59): every paid period through the same ledger, grace from the settings.
  const renewalUrl = `${config.publicUrl}${pagePath.profile(PROFILE_SECTIONS.renewal)}`;
  const subscriptionLedger = createSubscriptionLedger({
    domainEvents,
    renewalUrl,
    ledger,
    membership,
    graceDays: async (executor) => (await siteSettings.get(executor)).renewal_grace_days,
  });
  const sandboxSubscriptions =
    config.paymentsSandbox && !config.wechatPay ? createSandboxSubscriptions({ domainEvents, subscriptions: subscriptionLedger }) : null;
  const wechatPay = config.wechatPay ? createWechatPayClient(config.wechatPay) : null;
  const notificationMetrics = given.metrics?.money.notifications ?? null;
  // WeChat Pay contract deduction (委托代扣, issue 59): only for a merchant that configured its templates.
  const papay = config.wechatPay?.papay ?? null;
  const wechatContracts =
    config.wechatPay && papay
      ? createWechatContracts({
          db,
          domainEvents,
          subscriptions: subscriptionLedger,
          membership,
          client: createPapayClient(config.wechatPay),
          planIds: papay.planIds,
          renewingOn: async () => (await siteSettings.get(db)).renewing_memberships,
          log,
        })
      : null;
  // Wait-for-free's "ready" push to followers: a job at the moment, sent only if it still holds.
  const freeUnlockNotice = createFreeUnlockNotice({ db, push: given.push, jobs: given.jobQueue });
  // Early access (issue 42): set as a chapter comes out, ended by a job at its time on any node, once.
  const earlyAccess = createEarlyAccess({
    domainEvents,
    jobs: given.jobQueue,
    coinsOn: async (executor) => (await siteSettings.get(executor)).coins_enabled,
  });
  const jobHandlers: Record<string, JobHandler> = {
    [FREE_UNLOCK_READY_JOB]: (job) => freeUnlockNotice.run(job.payload),
    [EARLY_ACCESS_END_JOB]: (job) => domainEvents.transact((trx) => earlyAccess.runEnd(trx, job.payload)),
  };
  return {
    coinLedger,
    ledger,
    subscriptionLedger,
    sandboxSubscriptions,
    wechatPay,
    wechatContracts,
    earlyAccess,
    coinOptions: createCoinOptionsService({ db, domainEvents, access: given.access, settings: siteSettings, ledger: coinLedger }),
    unlocks: createUnlocksService({
      db,
      domainEvents,
      access: given.access,
      settings: siteSettings,
      ledger: coinLedger,
      readyNotice: freeUnlockNotice,
    }),
    coinPacksOnSale: async () => (await activePacks(db)).map(toPublicPack),
    subscriptions: createSubscriptionsService({
      db,
      domainEvents,
      membership,
      stripeBilling: config.stripe && config.stripe.renewingLinks.size > 0 ? createStripeBilling(config.stripe) : null,
      profileUrl: renewalUrl,
      terminateWechatContract: wechatContracts?.terminateContract ?? null,
    }),
    gifts,
    coupons: createCouponsService({ domainEvents, membership, gifts }),
    payments: createPaymentsService({
      db,
      domainEvents,
      ledger,
      publicUrl: config.publicUrl,
      siteName: config.siteName,
      wechat: wechatPay,
      sandbox: config.paymentsSandbox,
      checkoutTokens: createCheckoutTokens(config.jwtSecret),
      coinsOnSale,
      sandboxSubscriptions,
      gifts,
    }),
    stripeWebhook: config.stripe
      ? createStripeWebhook({
          domainEvents,
          ledger,
          subscriptions: subscriptionLedger,
          config: config.stripe,
          metrics: notificationMetrics,
        })
      : null,
    wechatNotifications: config.wechatPay
      ? createWechatNotifications({
          db,
          domainEvents,
          ledger,
          config: config.wechatPay,
          log,
          metrics: notificationMetrics,
          contracts: wechatContracts,
        })
      : null,
    jobHandlers,
  };
}

export type Money = ReturnType<typeof buildMoney>;
