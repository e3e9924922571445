import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import { createDeletionService } from '../modules/data-rights/deletion/deletion.service.js';
import type { JobHandler } from '../modules/jobs/job-runner.js';
import { createMail } from '../modules/mail/mail-module.js';
import { MAIL_SEND_JOB } from '../modules/mail/mail-queue.js';
import { createMembershipService } from '../modules/membership/membership.service.js';
import { createMailAccounts } from '../modules/users/mail-recipient.js';
import { createTokenService } from '../modules/users/tokens.js';
import { createPasskeysService } from '../modules/users/passkeys/passkeys.service.js';
import { createTwoStepService } from '../modules/users/two-step.service.js';
import { createUsersService } from '../modules/users/users.service.js';
import { createExternalSignInService } from '../modules/users/external-sign-in.service.js';
import { createOidcProvider } from '../modules/users/oidc-client.js';
import { createSandboxWechatLogin } from '../modules/users/wechat-login/sandbox-wechat-login.js';
import { createWechatLoginClient } from '../modules/users/wechat-login/wechat-login-client.js';
import { createWechatProvider } from '../modules/users/wechat-login/wechat-login-provider.js';
import type { Platform } from './platform.js';
import type { ServicesOptions } from './services-options.js';

/**
 * Readers' accounts: sign-in and two-step, memberships, the request to delete an account (a login
 * during its grace period cancels it, so it is made before the accounts it guards), and e-mail,
 * which reaches readers through the accounts it is given.
 */
export function buildAccounts(config: AppConfig, log: FastifyBaseLogger, options: ServicesOptions, given: Platform) {
  const { db, domainEvents, audit, totpCipher } = given;
  const membership = createMembershipService({ db, domainEvents });
  // "Delete my account" (issue 43, docs/ACCOUNTS.md "Deleting your account"): the request and its
  // grace period; the erasure at its time is the operator stage's (a job on any node).
  const deletion = createDeletionService({
    db,
    domainEvents,
    membership,
    audit,
    jobs: given.jobQueue,
    totpCipher,
    publicUrl: config.publicUrl,
  });
  const users = createUsersService({
    db,
    domainEvents,
    tokens: createTokenService(config.jwtSecret),
    totpCipher,
    publicUrl: config.publicUrl,
    log,
    deletionAtLogin: (userId) => deletion.checkAtLogin(userId),
  });
  // Issue 60: sign in with WeChat (the real website login, or the sandbox's stand-in outside
  // production) and with OpenID Connect providers (each discovered at its first use).
  const wechatSandbox =
    config.wechatLogin === null && config.signInSandbox
      ? createSandboxWechatLogin({ publicUrl: config.publicUrl, secret: config.jwtSecret })
      : null;
  const wechatLogin = config.wechatLogin ? createWechatLoginClient(config.wechatLogin) : wechatSandbox;
  const externalSignIn = createExternalSignInService({
    db,
    domainEvents,
    users,
    totpCipher,
    providers: [
      ...(wechatLogin ? [createWechatProvider(wechatLogin, config.publicUrl)] : []),
      ...config.oidcProviders.map((provider) => createOidcProvider(provider, config.publicUrl)),
    ],
  });
  // E-mail (modules/mail/): one `mail-send` job per message, any node.
  const mail = createMail({
    db,
    domainEvents,
    config,
    accounts: createMailAccounts(db),
    audit,
    log,
    siteName: given.siteName,
    flushErased: given.flushErased,
    options: options.mail,
  });
  const jobHandlers: Record<string, JobHandler> = {
    [MAIL_SEND_JOB]: (job) => mail.sender.handle(job),
  };
  return {
    membership,
    deletion,
    users,
    externalSignIn,
    wechatSandbox,
    twoStep: createTwoStepService({ db, domainEvents, cipher: totpCipher, siteName: given.siteName }),
    // Passkeys (issue 60, docs/ACCOUNTS.md "Passkeys"): the relying party is the site at PUBLIC_URL.
    passkeys: createPasskeysService({
      db,
      domainEvents,
      totpCipher,
      publicUrl: config.publicUrl,
      siteName: given.siteName,
      completeSignIn: (user, how) => users.completeSignIn(user, how),
    }),
    mail,
    jobHandlers,
  };
}

export type Accounts = ReturnType<typeof buildAccounts>;
