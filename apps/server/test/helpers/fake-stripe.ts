import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's API at the protocol level, for refunds: the SDK talks to it over HTTP
 * (STRIPE_API_BASE), it refuses a request without the right `Authorization: Bearer <secret key>`,
 * reads the form-encoded body as Stripe does, and honours `Idempotency-Key` (a repeated key
 * answers the first answer without refunding again).
 */
export const STRIPE_SECRET_KEY = 'sk_test_inkstream_fake0123456789';

export interface FakeStripeRefund {
  id: string;
  payment_intent: string;
  amount: number;
  status: 'succeeded' | 'pending' | 'failed';
}

export async function startFakeStripe() {
  /** Payment intents Stripe knows, with their amount; refunded ones are marked. */
  const intents = new Map<string, { amount: number; refunded: boolean }>();
  const refunds: FakeStripeRefund[] = [];
  const idempotent = new Map<string, { status: number; body: string }>();
  const requests: { method: string; path: string; form: Record<string, string> }[] = [];
  /** Subscriptions Stripe knows, with whether they stop at the period's end. */
  const subscriptions = new Map<string, { cancel_at_period_end: boolean; canceled?: boolean }>();
  let nextStatus: FakeStripeRefund['status'] = 'succeeded';
  let failNext: { status: number; code: string } | null = null;

  const send = (response: ServerResponse, status: number, payload: object) => {
    const body = JSON.stringify(payload);
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` }).end(body);
    return body;
  };
  const error = (response: ServerResponse, status: number, type: string, code: string, message: string) =>
    send(response, status, { error: { type, code, message } });

  async function route(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    requests.push({ method: request.method ?? '', path: request.url ?? '', form });
    if (request.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`) {
      return error(response, 401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided');
    }
    if (failNext && request.url !== '/v1/refunds') {
      const { status, code } = failNext;
      failNext = null;
      return error(response, status, 'api_error', code, 'injected failure');
    }
    // Stripe Billing (issue 59): a subscription's renewal stopped or resumed, a customer-portal session.
    const subscription = /^\/v1\/subscriptions\/(sub_[\w]+)$/.exec(request.url ?? '');
    if (request.method === 'DELETE' && subscription) {
      const known = subscriptions.get(subscription[1]!);
      if (!known) return error(response, 404, 'invalid_request_error', 'resource_missing', `No such subscription: '${subscription[1]}'`);
      known.canceled = true;
      return send(response, 200, { object: 'subscription', id: subscription[1], status: 'canceled', ...known });
    }
    if (request.method === 'POST' && subscription) {
      const known = subscriptions.get(subscription[1]!);
      if (!known) return error(response, 404, 'invalid_request_error', 'resource_missing', `No such subscription: '${subscription[1]}'`);
      known.cancel_at_period_end = form.cancel_at_period_end === 'true';
      return send(response, 200, { object: 'subscription', id: subscription[1], status: 'active', ...known });
    }
    if (request.method === 'POST' && request.url === '/v1/billing_portal/sessions') {
      if (!form.customer) return error(response, 400, 'invalid_request_error', 'parameter_missing', 'Missing required param: customer.');
      return send(response, 200, {
        object: 'billing_portal.session',
        id: `bps_${randomBytes(6).toString('hex')}`,
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stripe.test/p/session/${form.customer}`,
      });
    }
    if (request.method !== 'POST' || request.url !== '/v1/refunds')
      return error(response, 404, 'invalid_request_error', 'resource_missing', 'Unrecognized request URL');
    const key = request.headers['idempotency-key'];
    const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (replay)
      return response.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(replay.body);
    const remember = (status: number, body: string) => {
      if (typeof key === 'string') idempotent.set(key, { status, body });
    };
    if (failNext) {
      const { status, code } = failNext;
      failNext = null;
      return error(response, status, 'api_error', code, 'injected failure');
    }
    const intent = form.payment_intent ? intents.get(form.payment_intent) : undefined;
    if (!intent)
      return remember(
        400,
        error(response, 400, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${form.payment_intent}'`),
      );
    if (intent.refunded)
      return remember(400, error(response, 400, 'invalid_request_error', 'charge_already_refunded', 'Charge has already been refunded.'));
    intent.refunded = true;
    const refund: FakeStripeRefund = {
      id: `re_${randomBytes(8).toString('hex')}`,
      payment_intent: form.payment_intent!,
      amount: intent.amount,
      status: nextStatus,
    };
    refunds.push(refund);
    remember(200, send(response, 200, { object: 'refund', currency: 'cny', created: Math.floor(Date.now() / 1000), ...refund }));
  }

  const server = createServer((request, response) => {
    route(request, response).catch((e: unknown) => error(response, 500, 'api_error', 'internal', String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    intents,
    refunds,
    requests,
    env: (): Record<string, string> => ({ STRIPE_SECRET_KEY, STRIPE_API_BASE: baseUrl }),
    addPaymentIntent: (id: string, amount: number) => intents.set(id, { amount, refunded: false }),
    addSubscription: (id: string) => subscriptions.set(id, { cancel_at_period_end: false }),
    subscriptions,
    setRefundStatus: (status: FakeStripeRefund['status']) => (nextStatus = status),
    failNextWith: (status: number, code: string) => (failNext = { status, code }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
