// The publisher: a long-running process that keeps every site in step with its organization.
// It builds all sites once, then looks at their sources every `pollMs` (the API's organization
// list, the tenants/ folders), debounces changes per site, rebuilds the changed sites together in
// one build, swaps each in whole, withdraws the removed ones and, when configured, uploads each
// finished site to the CDN. One build runs at a time; a failed one leaves the previous sites live.
import path from 'node:path';
import { diffSites, PendingSites, type SiteStamps } from './changes.ts';
import { publishSite, withdrawSite as withdrawFromCdn, type CdnTarget } from './cdn.ts';
import { liveSites, withdrawSite } from './releases.ts';
import { announceChange, readSources, siteStamps, type SourceStamps } from './sources.ts';

/**
 * The site generator the publisher runs (the root package's build, scripts/build-tenants.ts),
 * handed in by whoever starts the publisher, so this package needs neither Astro nor the API.
 */
export interface SiteBuilder {
  /** Tenant folders (watched for changes) and the output, whose sites/ and releases/ it swaps. */
  dirs: { tenantsDir: string; outDir: string };
  /** Builds the named sites (every site when null) in one build; answers those swapped in. */
  build(tenants: string[] | null, log: (line: string) => void): Promise<{ installed: string[] }>;
  /** Drops what the build keeps of a removed site (its snapshot, its branding). */
  forget(webName: string): Promise<void>;
}

export interface PublisherOptions {
  /** Where the organizations are read. */
  sourceUrl: string;
  site: SiteBuilder;
  /** How often the sources are looked at. */
  pollMs: number;
  /** A site is rebuilt once its changes have been quiet this long. */
  quietMs: number;
  /** The change webhook's secret: tenant folder changes are recorded in the API with it. */
  webhookSecret: string | null;
  cdn: CdnTarget | null;
  log?: (line: string) => void;
}

export interface Publisher {
  stop(): Promise<void>;
}

/** However busy a site is, its changes wait at most this long. */
const MAX_WAIT_FACTOR = 10;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
/** Names in a log line, when few enough to read. */
const listed = (names: string[]) => (names.length && names.length <= 10 ? `: ${names.join(', ')}` : '');
const reasonOf = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

/** Builds every site, then keeps them in step until stopped. */
export async function startPublisher(options: PublisherOptions): Promise<Publisher> {
  const log = (line: string) => (options.log ?? console.log)(`publisher: ${line}`);
  const { site } = options;
  const { dirs } = site;
  const pending = new PendingSites({ quietMs: options.quietMs, maxWaitMs: options.quietMs * MAX_WAIT_FACTOR });
  let sources: SourceStamps | null = null;
  let known: SiteStamps = new Map();
  let apiDown = false;

  async function look(): Promise<SourceStamps | null> {
    try {
      const now = await readSources(options.sourceUrl, dirs.tenantsDir);
      if (apiDown) log('the API answers again');
      apiDown = false;
      return now;
    } catch (error) {
      // Nothing can be told while the API is away: the sites stay as they are.
      if (!apiDown) log(`cannot read the organizations (${reasonOf(error)}); the sites stay as they are`);
      apiDown = true;
      return null;
    }
  }

  /** Builds the given sites (all when null) in one build and publishes the new ones. */
  async function build(names: string[] | null): Promise<void> {
    const started = performance.now();
    log(names ? `building ${names.length} site(s)${listed(names)}` : 'building every site');
    try {
      // The build's own lines are its progress, one per site ("[3/1000] ✓ parque").
      const summary = await site.build(names, log);
      log(`built ${summary.installed.length} site(s) in ${seconds(started)}${listed(summary.installed)}`);
      for (const name of summary.installed) await upload(name);
    } catch (error) {
      log(`build failed after ${seconds(started)}, the previous sites stay: ${reasonOf(error)}`);
    }
  }

  async function upload(name: string): Promise<void> {
    if (!options.cdn) return;
    try {
      const { uploaded, deleted, seconds: took } = await publishSite(options.cdn, name, path.join(dirs.outDir, 'sites', name), () => {});
      log(`${name} on the CDN: ${uploaded} file(s) uploaded, ${deleted} deleted in ${took.toFixed(1)} s`);
    } catch (error) {
      log(`! ${name} could not be uploaded to the CDN: ${reasonOf(error)}`);
    }
  }

  async function withdraw(name: string): Promise<void> {
    await withdrawSite(dirs.outDir, name);
    await site.forget(name);
    if (options.cdn) await withdrawFromCdn(options.cdn, name, () => {}).catch((error: unknown) => log(`! ${name} is still on the CDN: ${reasonOf(error)}`));
    log(`withdrew ${name}`);
  }

  /** One look at the sources: changes are marked, due sites rebuilt or withdrawn. */
  async function tick(): Promise<void> {
    const now = await look();
    if (now) {
      const stamps = siteStamps(now);
      const { changed, removed } = diffSites(known, stamps);
      for (const name of [...changed, ...removed]) pending.mark(name, performance.now());
      if (changed.length || removed.length) log(`changed: ${[...changed, ...removed.map((name) => `${name} (removed)`)].join(', ')}`);
      // A tenant folder's change is recorded in the API like any other, when it can be.
      if (options.webhookSecret && sources) {
        for (const name of changed.filter((n) => now.organizations.has(n) && sources?.folders.get(n) !== now.folders.get(n))) {
          const problem = await announceChange(options.sourceUrl, options.webhookSecret, name);
          if (problem) log(`! ${name}: could not record the tenant folder's change (${problem})`);
        }
      }
      sources = now;
      known = stamps;
    }
    const due = pending.takeDue(performance.now());
    const wanted = due.filter((name) => known.has(name));
    if (wanted.length) await build(wanted);
    for (const name of due.filter((n) => !known.has(n))) await withdraw(name);
  }

  // The first pass: every site the sources name (all the build finds when the API is away),
  // and the sites of organizations removed meanwhile withdrawn.
  sources = await look();
  if (sources) known = siteStamps(sources);
  await build(sources ? [...known.keys()] : null);
  if (sources) for (const name of (await liveSites(dirs.outDir)).filter((n) => !known.has(n))) await withdraw(name);
  log(`watching ${known.size} site(s): the API every ${options.pollMs} ms, and ${dirs.tenantsDir}`);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    timer = setTimeout(() => {
      running = tick().finally(() => {
        if (!stopped) schedule();
      });
    }, options.pollMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
