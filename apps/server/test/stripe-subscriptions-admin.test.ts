import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, type TestUser } from './helpers/factories.js';
import { startFakeStripe, type FakeStripe } from './helpers/fake-stripe.js';
import { deliverStripe } from './helpers/payment-flows.js';
import { billingEvent, newStripeSubscription, renewingEnv, stripeInvoice, subscriptionCheckout } from './helpers/stripe-billing.js';
import { createTestContext, type TestContext } from './helpers/test-context.js';

/** Issue 59: the console stops a Stripe renewal through Stripe's API first (the local fake), audited. */

let ctx: TestContext;
let stripe: FakeStripe;
let admin: TestUser;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ctx = await createTestContext(renewingEnv(stripe));
  admin = await createUser(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

async function subscribedOnStripe(known = true) {
  const reader = await createUser(ctx);
  const sub = newStripeSubscription();
  if (known) stripe.addSubscription(sub.id);
  const first = stripeInvoice(sub, { reason: 'subscription_create' });
  for (const event of [
    billingEvent('checkout.session.completed', subscriptionCheckout(reader, sub, first.id)),
    billingEvent('invoice.paid', first),
  ]) {
    const delivered = await deliverStripe(ctx, event);
    expect(delivered.statusCode, delivered.body).toBe(200);
  }
  const listed = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/admin/users/${reader.uuid}/subscriptions`,
    headers: authHeader(admin),
  });
  return { reader, sub, listed: listed.json().data[0] };
}
const stop = (reader: TestUser, id: number, reason: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${reader.uuid}/subscriptions/${id}/stop-renewal`,
    headers: authHeader(admin),
    payload: { reason },
  });
const audited = () => ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'subscription.stop_renewal').execute();

describe('stopping a Stripe renewal from the console', () => {
  it('asks Stripe to cancel at the period end, then shows it stopped', async () => {
    const { reader, sub, listed } = await subscribedOnStripe();
    expect(listed).toMatchObject({ provider: 'stripe', provider_ref: sub.id, state: 'renewing' });
    expect(listed.invoices).toEqual([expect.objectContaining({ billing_reason: 'subscription_create', status: 'paid' })]);
    const stopped = await stop(reader, listed.id, 'chargeback risk');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data[0]).toMatchObject({ state: 'canceling', can_stop_renewal: false, cancel_reason: 'chargeback risk' });
    expect(stripe.subscriptions.get(sub.id)).toEqual({ cancel_at_period_end: true });
    expect(stripe.requests.at(-1)!.form).toMatchObject({
      cancel_at_period_end: 'true',
      'cancellation_details[comment]': 'chargeback risk',
    });
    expect(await audited()).toHaveLength(1);
  });

  it('changes nothing and audits nothing when Stripe refuses', async () => {
    const { reader, listed } = await subscribedOnStripe(false);
    const before = (await audited()).length;
    const refused = await stop(reader, listed.id, 'try');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'SUBSCRIPTION_PROVIDER_FAILED' });
    const row = await ctx.db.selectFrom('membership_subscriptions').selectAll().where('id', '=', listed.id).executeTakeFirstOrThrow();
    expect(row.cancel_at_period_end).toBe(0);
    expect(await audited()).toHaveLength(before);
  });
});
