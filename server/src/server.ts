import type { SafetyOptions } from './safety.ts';
import { buildApp, sandboxGateway } from './app.ts';
import { runInBackground } from './background.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db.ts';
import { countOrganizations } from './repositories/organizations.ts';
import { carryOverDiskBranding } from './services/branding.ts';
import { faceEngine } from './services/face-engine.ts';
import { FFMPEG_MISSING, ffmpegVersion } from './services/ffmpeg.ts';
import { warmFaceIndexes } from './services/face-index.ts';
import { startFaceIndexer } from './services/face-jobs.ts';
import { startImporter } from './services/import-jobs.ts';
import { createMailer } from './mail/transport.ts';
import { startMailSender } from './services/mail-outbox.ts';
import { startSubscriptionExpiry } from './services/notify.ts';
import { startRenderer } from './services/renditions.ts';
import { trafficMeter } from './traffic.ts';
import type { Worker } from './services/job-runner.ts';
import { startPaymentReconciler } from './services/payments/checkout.ts';
import type { Charge, PaymentGateway } from './services/payments/gateway.ts';
import { seedDemo } from './services/seed.ts';
import { sweepDebris } from './services/sweep.ts';
import { createMediaStore } from './storage/create-store.ts';
import { warnIfBucketIsPublic } from './storage/s3-store.ts';

/**
 * FAULT_AFTER_GATEWAY (tests only): the process dies the moment the gateway answers a new
 * charge, before the answer is recorded, as a crash at the worst time would.
 */
function dieAfterCharges(gateway: PaymentGateway): PaymentGateway {
  const die = async (charging: Promise<Charge>): Promise<Charge> => {
    await charging;
    process.kill(process.pid, 'SIGKILL');
    return new Promise<Charge>(() => undefined);
  };
  return {
    ...gateway,
    createCardCharge: (input) => die(gateway.createCardCharge(input)),
    createPixCharge: (input) => die(gateway.createPixCharge(input)),
  };
}

/** Stopping, jobs under way may end this long; then their claims are given back to the queue. */
const JOB_GRACE_MS = 10_000;
/** A stop that takes longer than this (a request or job that hangs) ends the process anyway. */
const STOP_DEADLINE_MS = 25_000;

export interface RunningApi {
  url: string;
  /**
   * Stops gracefully: readiness answers 503 at once, the server takes no new connection and the
   * requests under way finish while the workers finish their jobs (or give them back after
   * JOB_GRACE_MS), then the database closes.
   */
  close(): Promise<void>;
}

/**
 * Opens the data folder, clears what a killed run left, carries branding files kept on disk by
 * earlier versions into the database (services/branding.ts), seeds the demo on a fresh database,
 * starts the background workers (queued imports, import-jobs.ts; faces to describe, face-jobs.ts;
 * payment attempts whose answer a crash lost, payments/checkout.ts), listens, and then
 * loads the face indexes of the organizations with facial search in the background
 * (face-index.ts). The change webhook's secret is PUBLISH_WEBHOOK_SECRET's unless given.
 */
export async function startApi(config: Config, options: { webhookSecret?: string | null } & Pick<SafetyOptions, 'rateLimit'> = {}): Promise<RunningApi> {
  const db = await openDatabase(config);
  const store = createMediaStore(config.mediaStore, config.dataDir);
  const workers: Worker[] = [];
  const mailer = createMailer(config.mail, config.dataDir);
  const stopWorkers = () => Promise.all(workers.map((worker) => worker.stop({ releaseAfterMs: JOB_GRACE_MS })));
  const stopping = new AbortController();
  try {
    if (config.mediaStore.kind === 's3') await warnIfBucketIsPublic(config.mediaStore, (message) => console.warn(message));
    const sweep = await sweepDebris(db, store);
    // Imports, renditions and face descriptions run on libuv's and libvips' threads: a visitor's
    // request on the main thread comes first (libuv's pool is up since the sweep's file calls).
    runInBackground({ mainThread: false });
    if (sweep.removed.length) console.log(`Removed ${sweep.removed.length} leftover(s) of an interrupted run: ${sweep.removed.join(', ')}`);
    // Branding that earlier versions kept in DATA_DIR/branding goes into the database, once.
    await carryOverDiskBranding(db, config.dataDir, (message) => console.log(message));
    // Checked once: without ffmpeg, video imports are refused with this message and photos go on.
    if (!(await ffmpegVersion())) console.warn(`Videos cannot be imported: ${FFMPEG_MISSING}`);
    // A fresh machine should show a working gallery without any admin step.
    if ((await countOrganizations(db)) === 0) await seedDemo(db, store);
    const engine = faceEngine(config.faceThreads);
    const log = (message: string) => console.warn(message);
    const sandbox = sandboxGateway(db, config.dataDir, { pix: config.pix, delayMs: config.gatewayDelayMs });
    const gateway = config.faultAfterGateway ? dieAfterCharges(sandbox) : sandbox;
    // The importer yields to visitors: one image at a time while requests are under way.
    const traffic = trafficMeter();
    workers.push(
      startImporter(db, store, { busy: traffic.busy, log }),
      startRenderer(db, store, { busy: traffic.busy, log }),
      startFaceIndexer(db, store, engine, { concurrency: engine.size, log }),
      startPaymentReconciler({ db, gateway }, { everyMs: config.paymentReconcileMs, log }),
      startMailSender({ db, mailer, config: config.mail, log }),
      startSubscriptionExpiry(db, log),
    );
    console.log(`E-mails go to ${mailer.destination}`);
    // Only warnings and errors: the error handler logs every 5xx with its cause.
    const { webhookSecret, rateLimitStore, corsOrigins } = config;
    const app = buildApp({
      db,
      dataDir: config.dataDir,
      store,
      logger: { level: 'warn' },
      gateway,
      webhookSecret,
      rateLimitStore,
      corsOrigins,
      stopping: stopping.signal,
      ...options,
    });
    traffic.watch(app);
    await app.listen({ host: config.apiHost, port: config.apiPort });
    const address = app.server.address();
    // Port 0 picks a free port; report the one actually bound.
    const port = typeof address === 'object' && address ? address.port : config.apiPort;
    const url = `http://${config.apiHost.includes(':') ? `[${config.apiHost}]` : config.apiHost}:${port}`;
    console.log(`Provider API listening on ${url} (data in ${config.dataDir})`);
    const warming = new AbortController();
    const warmed = warmFaceIndexes(db, { signal: warming.signal, log: (message) => console.warn(message) });
    return {
      url,
      async close() {
        stopping.abort();
        await Promise.all([app.close(), stopWorkers()]);
        await engine.close();
        mailer.close();
        warming.abort();
        await db.destroy();
        // A slice under way ends on the closed database, quietly.
        await warmed;
      },
    };
  } catch (error) {
    await stopWorkers();
    mailer.close();
    await db.destroy();
    throw error;
  }
}

if (import.meta.main) {
  try {
    const api = await startApi(loadConfig(process.env));
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      // A second signal, or a stop past its deadline, ends the process at once.
      if (stopping) process.exit(1);
      stopping = true;
      console.log(`${signal}: stopping (requests and jobs under way finish first)`);
      setTimeout(() => {
        console.error(`Not stopped after ${STOP_DEADLINE_MS / 1000} s: exiting anyway`);
        process.exit(1);
      }, STOP_DEADLINE_MS).unref();
      api.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
