// The browser tests' server: `npm start` as a visitor meets it, plus fixture data loaded through
// the real admin command line before the build:
// - every tests/fixtures/organizations/*.json is upserted (`org:upsert`);
// - every tests/fixtures/cards/*.json, a list of { org, card, samples, sold?, extra?, secret? },
//   is imported (`media:import`) from copies of face-api's sample photos (`samples: [1, 2]`);
// - every tests/fixtures/customers/*.json, a list of { customer, cards }, is upserted
//   (`customer:upsert`) and linked to those cards;
// - the demo's photos are indexed for the facial search (`faces:index`).
// With SMTP_URL, a real SMTP server listens on its port first and writes every message it receives
// to E2E_INBOX_DIR as `<n>.eml` (named once whole), where the mail specs read them.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { productConfigOrExit, startProduct } from '../../../scripts/start.ts';
import { stopOnSignals } from '../../../scripts/startup.ts';
import { demoSamplePath } from '../../../server/src/services/seed.ts';
import { FIXTURES_DIR, type FixtureCard } from '../../support/fixtures.ts';
import { startSmtp } from '../../support/smtp.ts';

const root = path.resolve(import.meta.dirname, '../../..');
// Everything the run writes stays in its own folder, so runs never share state with dist/.
const work = process.env['E2E_WORK_DIR'] ?? path.join(root, '.cache', 'e2e');

interface FixtureCustomer {
  customer: Record<string, string>;
  cards: string[];
}

function provider(...args: string[]): void {
  execFileSync(process.execPath, ['--no-warnings', 'server/src/cli.ts', ...args], { cwd: root, stdio: 'inherit' });
}

const jsonFiles = (dir: string) =>
  readdirSync(path.join(FIXTURES_DIR, dir))
    .filter((f) => f.endsWith('.json'))
    .sort();

async function loadFixtures(): Promise<void> {
  for (const file of jsonFiles('organizations')) provider('org:upsert', path.join(FIXTURES_DIR, 'organizations', file));
  for (const file of jsonFiles('cards')) {
    for (const card of JSON.parse(readFileSync(path.join(FIXTURES_DIR, 'cards', file), 'utf8')) as FixtureCard[]) {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'fixture-card-'));
      mkdirSync(folder, { recursive: true });
      for (const n of card.samples) cpSync(demoSamplePath(n), path.join(folder, `sample${n}.jpg`));
      provider(
        'media:import',
        '--org',
        card.org,
        '--card',
        card.card,
        ...(card.sold ? ['--sold'] : []),
        ...(card.extra ? ['--extra'] : []),
        ...(card.secret ? ['--secret', card.secret] : []),
        folder,
      );
      rmSync(folder, { recursive: true, force: true });
    }
  }
  // The demo's faces, ahead of the facial search test (as a provider would after an import).
  provider('faces:index', '--org', 'demo');
  for (const file of jsonFiles('customers')) {
    for (const { customer, cards } of JSON.parse(readFileSync(path.join(FIXTURES_DIR, 'customers', file), 'utf8')) as FixtureCustomer[]) {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'fixture-customer-'));
      writeFileSync(path.join(folder, 'customer.json'), JSON.stringify(customer));
      provider('customer:upsert', path.join(folder, 'customer.json'), ...cards.flatMap((card) => ['--card', card]));
      rmSync(folder, { recursive: true, force: true });
    }
  }
}

const smtpUrl = process.env['SMTP_URL'];
const inbox = process.env['E2E_INBOX_DIR'];
if (smtpUrl && inbox) {
  mkdirSync(inbox, { recursive: true });
  await startSmtp({
    port: Number(new URL(smtpUrl).port),
    onData: (n, raw) => {
      const file = path.join(inbox, `${n}.eml`);
      writeFileSync(`${file}.part`, raw);
      renameSync(`${file}.part`, file);
    },
  });
}

stopOnSignals(
  await startProduct(productConfigOrExit(process.env), {
    tenantsDir: path.join(FIXTURES_DIR, 'tenants'),
    cacheDir: path.join(work, 'cache'),
    outDir: path.join(work, 'dist'),
    beforeBuild: loadFixtures,
  }),
);
