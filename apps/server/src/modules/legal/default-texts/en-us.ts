import type { DefaultLegalTexts } from './default-legal-texts.js';

// The built-in texts (version 0) in English. Placeholders in {{…}} are filled at render
// (legal-render.ts); keep them when translating. What the browser stores must match
// docs/ACCOUNTS.md "What the browser stores" and apps/web/src/lib/storage-keys.ts.
export const EN_US: DefaultLegalTexts = {
  privacy: `This policy explains what {{site_name}} stores about you, why, for how long, and how you can get a copy of it or have it deleted. Questions: [{{contact_email}}](mailto:{{contact_email}}).

## What we store when you have an account

- **Your account**: your user name, your password (only as a one-way hash that nobody can read back), your e-mail address if you give one, your language, the invitation code you used and your own invitation code, and whether two-step sign-in is on (its secret is stored encrypted).
- **Memberships, coins and payments**: each order (plan or coin pack, amount, date, state) and the reference WeChat Pay or Stripe gives the payment. We never see or store card numbers or your payment account: the payment provider handles them under its own privacy policy. Your coin wallet's history, the chapters you unlocked, and the coupons and invitations you used.
- **Reading**: where you are in each book, the chapters you opened and finished, the books you follow and the chapters you like. Reading events (a chapter started or finished) are counted for the site's popularity lists.
- **What you write**: comments, reviews and ratings, and the reports you make. Comments and reviews are public on the site.
- **Notifications**: if you allow them, your browser's push subscription (an address at your browser maker's push service and its keys), and a record of the e-mails we sent you (kind, date, subject).
- **Feed keys** for reading apps: the name you gave each one and its dates; the key itself is kept only as a hash.

We use this data only to run the service for you: your account, your purchases, your place in a book, your notifications. We do not sell it, and we do not use it for advertising.

## Visitors without an account

When you read without an account, your browser gets a random visitor number so the site can remember where you stopped. The progress and history kept under that number are deleted {{retention_visitor_days}} days after your last read, and older reading events stop naming it.

## What your browser stores

The site stores only what it needs to work, in your browser's local storage, a few cookies and, for reading without a connection, its IndexedDB and Cache Storage:

| Name | Where | Why |
| --- | --- | --- |
| X-API-TOKEN, USER_UUID, USERNAME | local storage | keep you signed in (removed when you sign out) |
| X-VISITOR-ID | local storage | the visitor number that keeps your place without an account |
| inkstream_visitor | cookie (HttpOnly, {{retention_visitor_days}} days) | proves that visitor number is yours, so nobody else can read your progress |
| pending-progress-merge | local storage | moves a visitor's progress into the account after signing in |
| has-reading-progress | local storage | shows "Continue reading" on the home page |
| language, inkstream-language | local storage, cookie (1 year) | the language you chose, so pages arrive in it |
| focus-language-selector | local storage | returns focus to the language selector after the page reloads |
| data-saver, inkstream-data-saver | local storage, cookie (1 year) | the data saver you turned on (lighter images) |
| reader-text-size | local storage | the text size you chose for novels |
| reading-preferences | local storage | how you like to read without an account (page mode, direction, fit; the novel font and theme), moved into your account when you sign in |
| paged-tap-hint-seen | local storage | that the page reader's tap zones were explained to you once |
| reset-return-path | local storage | where to return after resetting a forgotten password |
| inkstream-chapter-list | session storage (this tab only) | the chapter list's order and page, for the back arrow |
| offline-saved | local storage | set while chapters are saved for offline reading on this device |
| offline-progress-queue | local storage | reading positions made offline, sent when the connection returns |
| offline-like-queue | local storage | likes made offline, sent when the connection returns |
| offline-event-queue | local storage | reading events made offline (at most 500), sent when the connection returns |
| install-offer | local storage | when to offer to install the app: your visits, a finished chapter, and "Not now" (not offered again for 30 days) or the app installed (never again) |
| inkstream-offline | IndexedDB | the chapters you saved for offline reading: their text, their list of pages, your place in them, and until when a membership's copy may open |
| inkstream-offline-pages-v1 | Cache Storage | the page images of the chapters you saved |
| inkstream-shell-…, inkstream-assets | Cache Storage (service worker) | the site's own code and the app shell, so the app opens without a connection; no personal data |

The saved chapters (inkstream-offline and inkstream-offline-pages-v1) are deleted when you delete them on the Offline reading screen, and the ones that are not free when you sign out.

If you allow notifications, your browser also keeps a push subscription, and the site's service worker shows the notifications. The service worker also keeps the site's code, so the app opens without a connection, and serves the pages of the chapters you saved; nothing it keeps is sent anywhere. There are no advertising or analytics cookies and no third-party trackers on the site, which is why it does not ask for cookie consent. If that ever changes, this page will say so first and the site will ask you before storing anything that is not needed.

## How long we keep it

- Your account data: as long as the account exists.
- Reading events: {{retention_reading_events_days}} days.
- Records of e-mails sent: {{retention_outbox_days}} days.
- The operators' audit log: {{retention_audit_days}} days.
- Orders and payments: as long as accounting and tax law requires, also after your account is deleted, but then without your name or e-mail.

## Your rights

- **Download your data**: on your profile, under "Your data", you can ask for an archive of everything above (once a day). We e-mail you when it is ready; the link works for 7 days.
- **Delete your account**: on your profile, after your password. Deletion happens after a grace period of {{deletion_grace_days}} days; signing in during that time cancels it. Then your e-mail, name, reading data, subscriptions and feed keys are erased; you choose whether your comments are removed or stay as "deleted reader". Payments stay in the ledger without your identity.
- **Correct your data**: change your e-mail, password and language on your profile at any time.
- You may also write to us at [{{contact_email}}](mailto:{{contact_email}}) about any of this, and complain to your data protection authority.

## Changes

When this policy changes, a new version is published here. Your account records which version you were shown when you registered.
`,
  terms: `These terms apply to your use of {{site_name}}. By creating an account you accept them and the privacy policy. Questions: [{{contact_email}}](mailto:{{contact_email}}).

## Your account

Keep your password to yourself; you are responsible for what is done with your account. You can turn on two-step sign-in on your profile. You can delete your account at any time (see the privacy policy).

## Membership

A membership (a Monthly pass or a 3-month pass) gives access to the chapters reserved for members for its whole period. It is bought either once (it then ends with its period) or renewing, where the site offers it. A renewing membership is charged again at the end of each period, at the price shown when you subscribed, until you cancel. You can cancel in one click on your profile at any time, without giving a reason: you keep reading until the end of the time you paid for and nothing more is charged. Before a plan of three months or more renews, we write to you with the date and the amount. If a renewal payment fails, you keep reading for a few days while it is tried again; if it still fails, the membership ends. A membership bought as a gift gives its code to the buyer and its time to whoever redeems the code, once; a gift never renews. A new membership bought before the current one ends starts when the current one ends.

## Coins

Where the site offers coins, you buy them in packs and spend them to unlock single chapters. An unlocked chapter stays unlocked for your account; a rented chapter opens for the days shown when you rent it, then closes (offline copies too). Auto-unlock, where you turn it on for a book, spends coins only up to the limit you set, and can be undone within a minute. Bonus coins given with a pack may expire; the pack says when. Coins have no cash value, cannot be transferred to another account and are lost when the account is deleted, unless the order is refunded first.

## Refunds

If a payment went wrong or you want a refund, write to [{{contact_email}}](mailto:{{contact_email}}); we answer every request. A refunded membership ends the time it bought; a refunded coin pack takes back its coins and the chapters unlocked with them. Nothing in these terms limits the rights your local consumer law gives you.

## Comments, reviews and ratings

Be respectful. Do not post anything illegal, hateful, harassing, sexually explicit involving minors, spam or advertising, other people's personal data, or spoilers without warning. Readers can report comments; moderators may hide or remove them and may stop an account from commenting. What you post stays yours, but you allow the site to show it.

## The works

The comics and novels belong to their authors and publishers. Read them here for your own use; do not copy, download in bulk or republish them.

## Changes and ending

We may change these terms; a new version is published here, and important changes are announced on the site. We may close an account that breaks these terms. The service is provided as it is, within what the law allows.
`,
};
