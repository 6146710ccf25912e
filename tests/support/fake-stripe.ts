/**
 * A stand-in for the Stripe API on loopback, for the real `stripe` SDK pointed at it
 * (`{ host, port, protocol: 'http' }`): Checkout Sessions with Stripe's form encoding, bearer
 * key check and idempotency keys (a repeated key answers the first response), plus helpers that
 * build the events Stripe would send for a session. Signing them is the test's job
 * (`stripe.webhooks.generateTestHeaderString`), as Stripe's own docs suggest.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
  line_items: Array<{ quantity: number; price_data: { currency: string; unit_amount: number; product_data: { name: string } } }>;
  payment_intent_data?: { metadata: Record<string, string> };
}

export interface FakeStripe {
  url: string;
  port: number;
  /** Every create call as received: the parsed form, its headers. */
  calls: Array<{ path: string; params: Record<string, any>; idempotencyKey: string | undefined; authorization: string | undefined }>;
  sessions: Map<string, FakeSession>;
  /** The next create calls answer this HTTP status with a Stripe error body. */
  failNext(status: number, times?: number): void;
  /** An event Stripe would send for a session (`type` e.g. checkout.session.completed). */
  event(
    type: string,
    sessionId: string,
    patch?: Partial<FakeSession>,
  ): { id: string; object: 'event'; type: string; data: { object: FakeSession } };
  close(): Promise<void>;
}

/** Stripe's bracket form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

const stripeError = (message: string, type = 'api_error') => JSON.stringify({ error: { type, message } });

export async function startFakeStripe(opts: { secretKey: string }): Promise<FakeStripe> {
  const calls: FakeStripe['calls'] = [];
  const sessions = new Map<string, FakeSession>();
  const idempotent = new Map<string, string>();
  let failures: { status: number; times: number } | null = null;
  let url = '';

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Bearer ${opts.secretKey}`) {
        res.writeHead(401).end(stripeError('Invalid API Key provided', 'invalid_request_error'));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const key = req.headers['idempotency-key'] as string | undefined;
        const params = parseStripeForm(body);
        calls.push({ path: req.url, params, idempotencyKey: key, authorization: req.headers.authorization });
        if (failures && failures.times > 0) {
          failures.times--;
          res.writeHead(failures.status).end(stripeError('Simulated failure'));
          return;
        }
        if (key && idempotent.has(key)) {
          res.writeHead(200).end(idempotent.get(key));
          return;
        }
        const item = params.line_items?.[0];
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          mode: params.mode,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: Number(item?.price_data?.unit_amount) * Number(item?.quantity ?? 1),
          currency: item?.price_data?.currency,
          client_reference_id: params.client_reference_id ?? null,
          metadata: params.metadata ?? {},
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          url: `${url}/pay/${id}`,
          line_items: params.line_items,
          payment_intent_data: params.payment_intent_data,
        };
        sessions.set(id, session);
        const json = JSON.stringify(session);
        if (key) idempotent.set(key, json);
        res.writeHead(200).end(json);
        return;
      }
      res.writeHead(404).end(stripeError(`Unrecognized request URL (${req.method}: ${req.url})`, 'invalid_request_error'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    calls,
    sessions,
    failNext: (status, times = 1) => {
      failures = { status, times };
    },
    event: (type, sessionId, patch = {}) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return { id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', type, data: { object: { ...session, ...patch } } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
