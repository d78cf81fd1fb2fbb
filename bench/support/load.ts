// The benches' load generator, in a process of its own (forked, driven by messages), so it never
// takes the event loop or the core of the server it measures.
// - `saturate`: autocannon, closed loop (each connection sends its next request when the last
//   answered): how many requests a second the server gives.
// - `start`/`stop`: open loop at fixed rates (each request leaves at its scheduled time, whether
//   the ones before answered or not; its latency counts from that time), the way visitors arrive:
//   a server that stalls for a second delays every request of that second, not one per
//   connection as a closed loop would show it. autocannon has no open loop, hence this one.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { VISITOR_KEY_HEADER } from '../../contract/rules.ts';
import { validAddress, validCustomer } from '../../tests/support/customer.ts';

/** A visitor's cart: the site's first add-to-cart call (POST /api/v1/order/:firstCard/:orgId). */
export interface ShopTarget {
  orgId: number;
  card: string;
  /** For the carts made ready to pay: a photo product and one of the card's unsold photos. */
  productId: number;
  mediaId: string;
}

export interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** Other answers that are not 2xx, and requests that got no answer (refused, reset, 30 s timeout). */
  otherFailures: number;
  /** How many answers were not 2xx, by status and error message (`404 ORDER_NOT_FOUND`, `no answer`). */
  failures: Record<string, number>;
}

export type Stream = 'order' | 'checkout' | 'lookup';

type Request =
  | { type: 'saturate'; urls: string[]; kind: 'get' | 'order'; target?: ShopTarget; connections: number; seconds: number }
  | { type: 'prepare'; base: string; target: ShopTarget; count: number }
  | { type: 'start'; base: string; target: ShopTarget; rates: Record<Stream, number> }
  | { type: 'stop' };

const newVisitorKey = () => randomBytes(18).toString('base64url');
const orderPath = (target: ShopTarget) => `/api/v1/order/${target.card}/${target.orgId}?pdv=bench&tz=America%2FSao_Paulo`;
const orderBody = () => JSON.stringify({ cards: [], visitor_key: newVisitorKey() });
const lookUpPath = (target: ShopTarget) => `/api/v1/card/${target.card}/medias?organization_id=${target.orgId}`;
const JSON_HEADERS = { 'content-type': 'application/json' };
/** An open-loop request unanswered after this long counts as `no answer`, its latency as this long. */
const TIMEOUT_MS = 30_000;

/** The load process: each call sends one message and waits for its answer. */
export interface LoadProcess {
  /** The generator's process id (its CPU is counted apart). */
  pid: number | undefined;
  saturate(urls: string[], options: { kind: 'get' } | { kind: 'order'; target: ShopTarget }, connections: number, seconds: number): Promise<Figures>;
  /** Makes `count` carts ready to pay (a photo, the buyer and the address) for the checkout stream, in place of any made before. */
  prepare(base: string, target: ShopTarget, count: number): Promise<void>;
  /** Starts the open-loop streams; `stop` answers their figures. */
  start(base: string, target: ShopTarget, rates: Record<Stream, number>): Promise<void>;
  stop(): Promise<Record<Stream, Figures & { missed: number }>>;
  close(): void;
}

export function startLoadProcess(): LoadProcess {
  const child: ChildProcess = fork(import.meta.filename, [], { execArgv: ['--no-warnings'] });
  const ask = <T>(request: Request) =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load process exited with ${code}`));
      child.once('exit', onExit);
      child.once('message', (answer: { ok: true; value: T } | { ok: false; error: string }) => {
        child.off('exit', onExit);
        if (answer.ok) resolve(answer.value);
        else reject(new Error(`load process: ${answer.error}`));
      });
      child.send(request);
    });
  return {
    pid: child.pid,
    saturate: (urls, options, connections, seconds) => ask({ type: 'saturate', urls, ...options, connections, seconds }),
    prepare: (base, target, count) => ask({ type: 'prepare', base, target, count }),
    start: (base, target, rates) => ask({ type: 'start', base, target, rates }),
    stop: () => ask({ type: 'stop' }),
    close: () => child.kill(),
  };
}

// ---- The process itself ----

function figures(latencies: number[], seconds: number, failures: Record<string, number>): Figures {
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  const count = (pick: (status: number) => boolean) =>
    Object.entries(failures).reduce((sum, [reason, n]) => sum + (pick(Number.parseInt(reason, 10) || 0) ? n : 0), 0);
  return {
    requests: sorted.length,
    perSecond: sorted.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
    serverErrors: count((status) => status >= 500),
    otherFailures: count((status) => status < 500),
    failures,
  };
}

async function saturate(request: Extract<Request, { type: 'saturate' }>): Promise<Figures> {
  const { default: autocannon } = await import('autocannon');
  const order = request.kind === 'order' && request.target;
  const result = await autocannon({
    // Several addresses share the connections (autocannon's README); its types know only one.
    url: (order ? request.urls.map((url) => `${url}${orderPath(order)}`) : request.urls) as unknown as string,
    connections: request.connections,
    duration: request.seconds,
    // A request's setupRequest is called for each one sent (the options' own is not).
    ...(order ? { requests: [{ method: 'POST' as const, headers: JSON_HEADERS, setupRequest: (req: object) => ({ ...req, body: orderBody() }) }] } : {}),
  });
  const failures: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    if (Number(status) < 200 || Number(status) >= 300) failures[status] = (stat as { count: number }).count;
  }
  if (result.errors + result.timeouts) failures['no answer'] = result.errors + result.timeouts;
  return {
    ...figures([], 1, failures),
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

async function must(response: Promise<Response>, what: string): Promise<Record<string, unknown>> {
  const answer = await response;
  const body = (await answer.json()) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(body)}`);
  return body;
}

const ready: Array<{ id: string; key: string }> = [];

async function prepare({ base, target, count }: Extract<Request, { type: 'prepare' }>): Promise<void> {
  const customer = { customer: validCustomer, address: validAddress };
  const one = async () => {
    const key = newVisitorKey();
    const created = await must(
      fetch(`${base}${orderPath(target)}`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ cards: [], visitor_key: key }) }),
      'order',
    );
    const id = (created['order'] as { id: string }).id;
    const own = { [VISITOR_KEY_HEADER]: key };
    await must(fetch(`${base}/api/v1/order/${id}/product/${target.productId}/${target.mediaId}`, { method: 'POST', headers: own }), 'add photo');
    await must(
      fetch(`${base}/api/v1/order/${id}/customer`, { method: 'POST', headers: { ...own, ...JSON_HEADERS }, body: JSON.stringify(customer) }),
      'customer',
    );
    ready.push({ id, key });
  };
  // Carts of another server (an earlier engine's) cannot be paid here.
  ready.length = 0;
  let left = count;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (left-- > 0) await one();
    }),
  );
}

interface Running {
  stop(): Promise<Figures & { missed: number }>;
}

/** One stream at `rate` requests a second; `send` answers null for 2xx, else why not (null: nothing to send). */
function openLoop(rate: number, send: () => Promise<string | null> | null): Running {
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const failures: Record<string, number> = {};
  let missed = 0;
  const started = performance.now();
  let next = started;
  let timer: NodeJS.Timeout | undefined;
  if (rate <= 0) return { stop: async () => ({ ...figures([], 1, {}), missed: 0 }) };
  const fire = (scheduled: number) => {
    const sending = send();
    if (!sending) {
      missed++;
      return;
    }
    const done = sending.then((failure) => {
      latencies.push(performance.now() - scheduled);
      if (failure) failures[failure] = (failures[failure] ?? 0) + 1;
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };
  const tick = () => {
    const now = performance.now();
    for (; next <= now; next += 1000 / rate) fire(next);
    timer = setTimeout(tick, next - performance.now());
  };
  tick();
  return {
    async stop() {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(inFlight);
      return { ...figures(latencies, seconds, failures), missed };
    },
  };
}

/** Sends a request and reads its answer to the end: null for a 2xx, else its status and error message. */
async function status(url: string, init: RequestInit = {}): Promise<string | null> {
  try {
    const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = await answer.text();
    if (answer.ok) return null;
    return `${answer.status} ${/"message":"([^"]*)"/.exec(body)?.[1] ?? ''}`.trim();
  } catch {
    return 'no answer';
  }
}

let running: Record<Stream, Running> | undefined;

function start({ base, target, rates }: Extract<Request, { type: 'start' }>): void {
  running = {
    order: openLoop(rates.order, () => status(`${base}${orderPath(target)}`, { method: 'POST', headers: JSON_HEADERS, body: orderBody() })),
    checkout: openLoop(rates.checkout, () => {
      const cart = ready.shift();
      return cart
        ? status(`${base}/api/v1/payment/checkout/${cart.id}`, {
            method: 'POST',
            headers: { [VISITOR_KEY_HEADER]: cart.key, ...JSON_HEADERS },
            body: JSON.stringify({ pix: true }),
          })
        : null;
    }),
    lookup: openLoop(rates.lookup, () => status(`${base}${lookUpPath(target)}`)),
  };
}

async function stop(): Promise<Record<Stream, Figures & { missed: number }>> {
  if (!running) throw new Error('no streams running');
  const [order, checkout, lookup] = await Promise.all([running.order.stop(), running.checkout.stop(), running.lookup.stop()]);
  running = undefined;
  return { order, checkout, lookup };
}

async function handle(request: Request): Promise<unknown> {
  switch (request.type) {
    case 'saturate':
      return saturate(request);
    case 'prepare':
      return prepare(request);
    case 'start':
      return start(request);
    case 'stop':
      return stop();
  }
}

if (import.meta.main) {
  process.on('message', (request: Request) => {
    handle(request).then(
      (value) => process.send?.({ ok: true, value: value ?? null }),
      (error: unknown) => process.send?.({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
