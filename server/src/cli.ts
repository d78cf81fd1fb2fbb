import fs from 'node:fs/promises';
import { runInBackground } from './background.ts';
import { locksRows, openDatabase, transaction, type Db } from './db.ts';
import { parseArgs } from 'node:util';
import { formatCardCode, isValidCardCode, isValidSecret, normalizeCardCode, normalizeSecret, SECRET_MIN_LENGTH } from '@gallery/contract/card-code';
import { formatMoney } from '@gallery/contract/money';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createCard, findCard, listCardSummaries, type CardRow } from './repositories/cards.ts';
import { findOrganizationByWebName, listOrganizations, removeOrganization, upsertOrganization } from './repositories/organizations.ts';
import { listOrdersOfOrganization } from './repositories/orders.ts';
import { viewOrder } from './services/order-view.ts';
import { MediaImportError } from './services/media-import.ts';
import { checkFolder, importableFiles, queueFolderImport } from './services/folder-import.ts';
import { dropAbandonedBatches, runBatch } from './services/import-jobs.ts';
import { listUnfinishedImports } from './repositories/import-jobs.ts';
import { parseCustomerInput, upsertCustomer } from './services/visitor-customer-file.ts';
import { linkCardToCustomer } from './repositories/visitor-customers.ts';
import { parseOrganizationInput } from './services/organization-input.ts';
import { readJsonFile, UsageError } from './cli-input.ts';
import { BrandingError, setBranding } from './services/branding.ts';
import { faceEngine } from './services/face-engine.ts';
import { drainOrganization, followFacialFlag, purgeOrganizationFaces } from './services/face-jobs.ts';
import { progressLine } from './progress.ts';
import { renderOrganization } from './services/renditions.ts';
import { PAYMENT_CONFIRM_USAGE, paymentConfirm, PRODUCTS_SET_USAGE, productsSet } from './shop-cli.ts';
import { ORDER_STATUS } from './schema.ts';
import { createMediaStore } from './storage/create-store.ts';
import type { MediaStore } from './storage/media-store.ts';
import { purgeMail } from './services/notify.ts';

const HEADER = `Provider admin (reads DATABASE_URL, else the SQLite file in DATA_DIR, default ./data)

Usage: npm run provider -- <command>`;

async function orgUpsert(db: Db, args: string[]): Promise<string> {
  const [file, ...extra] = args;
  if (!file || extra.length) throw new UsageError('org:upsert takes exactly one JSON file');
  const json = await readJsonFile(file);
  const result = parseOrganizationInput(json);
  if (!result.ok) throw new UsageError(`${file} has invalid fields:\n- ${result.problems.join('\n- ')}`);
  return String(
    await transaction(db, async (db) => {
      const id = await upsertOrganization(db, result.organization);
      await followFacialFlag(db, id);
      return id;
    }),
  );
}

async function orgRemove(db: Db, args: string[]): Promise<string> {
  const [webName, ...extra] = args;
  if (!webName || extra.length) throw new UsageError('org:remove takes exactly one web name');
  if (!(await removeOrganization(db, webName))) throw new UsageError(`unknown organization "${webName}"`);
  return `Removed ${webName.toLowerCase()}: its site will be withdrawn`;
}

function parseMediaImportArgs(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        org: { type: 'string' },
        card: { type: 'string' },
        sold: { type: 'boolean', default: false },
        extra: { type: 'boolean', default: false },
        secret: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(`media:import: ${(error as Error).message}`);
  }
}

async function mediaImport(db: Db, store: MediaStore, args: string[]): Promise<string> {
  const { values, positionals } = parseMediaImportArgs(args);
  const [folder, ...rest] = positionals;
  if (!values.org || !values.card || !folder || rest.length) {
    throw new UsageError('media:import needs --org <webName> --card <code> and one folder');
  }
  const organization = await findOrganizationByWebName(db, values.org);
  if (!organization) throw new UsageError(`unknown organization "${values.org}"`);
  if (!isValidCardCode(values.card)) throw new UsageError(`"${values.card}" is not a card code (9 letters or digits)`);
  const stat = await fs.stat(folder).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`${folder} is not a folder`);
  // Buyers first: the import's images take the cores only when the API leaves them (libuv's
  // pool is up since the stat above).
  runInBackground({ mainThread: locksRows(db) });
  const files = await importableFiles(folder);
  if (!files.length) throw new UsageError(`${folder} holds no .jpg, .jpeg, .png, .mp4 or .webm file`);
  if (values.secret !== undefined && !isValidSecret(values.secret)) {
    throw new UsageError(`--secret must have at least ${SECRET_MIN_LENGTH} characters`);
  }
  const secret = values.secret === undefined ? null : normalizeSecret(values.secret);
  const code = normalizeCardCode(values.card);
  const existing = await findCard(db, organization.id, code);
  if (existing && secret !== null && existing.secret !== secret) {
    throw new UsageError(`card ${formatCardCode(code)} already exists with another access code (or none)`);
  }
  // The folder is checked before anything is written; then the card, the jobs in short
  // transactions and the files outside any: the API's buyers never wait for an import.
  const checked = await checkFolder(values.extra, files);
  // What an import killed earlier left while queueing (its lease over) goes first.
  await dropAbandonedBatches(db, store);
  const card = existing ?? (await transaction(db, (db) => createCard(db, { organizationId: organization.id, code, secret })));
  const batchId = await queueFolderImport(db, store, { organizationId: organization.id, cardId: card.id, sold: values.sold }, checked);
  // Queued and staged: from here a kill loses nothing, the API (or another run) finishes the jobs.
  const into = `${formatCardCode(code)} (${organization.web_name})`;
  const progress = progressLine(`Importing into ${into}`, 'media');
  const { imported, failed } = await runBatch(db, store, batchId, {
    onProgress: (done, total) => progress.update(done, total),
    log: (message) => console.error(message),
  });
  progress.finish();
  if (failed.length) {
    const reasons = failed.map(({ fileName, error }) => `- ${fileName}: ${error}`).join('\n');
    throw new MediaImportError(`imported ${imported} of ${imported + failed.length} media into ${into}; not imported:\n${reasons}`);
  }
  return `Imported ${imported} media into ${into}`;
}

async function customerUpsert(db: Db, args: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { card: { type: 'string', multiple: true } } });
  } catch (error) {
    throw new UsageError(`customer:upsert: ${(error as Error).message}`);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length) throw new UsageError('customer:upsert takes exactly one JSON file (and --card <code> options)');
  const json = await readJsonFile(file);
  const result = parseCustomerInput(json);
  const problems = result.ok ? [] : [...result.problems];
  const organization = result.ok ? await findOrganizationByWebName(db, result.customer.organization) : undefined;
  if (result.ok && !organization) problems.push(`organization: unknown organization "${result.customer.organization}"`);
  const cards: Array<CardRow | undefined> = [];
  for (const raw of parsed.values.card ?? []) {
    const card = organization && isValidCardCode(raw) ? await findCard(db, organization.id, normalizeCardCode(raw)) : undefined;
    if (!card) problems.push(`--card ${raw}: no such card in this organization`);
    cards.push(card);
  }
  if (!result.ok || !organization || problems.length) throw new UsageError(`${file} has invalid fields:\n- ${problems.join('\n- ')}`);
  const { organization: _webName, ...customer } = result.customer;
  const id = await transaction(db, async (db) => {
    const customerId = await upsertCustomer(db, organization.id, customer);
    for (const card of cards) if (card) await linkCardToCustomer(db, card.id, customerId);
    return customerId;
  });
  return `Customer ${id} saved in ${organization.web_name}${cards.length ? `, linked to ${cards.map((card) => formatCardCode(card?.code ?? '')).join(', ')}` : ''}`;
}

async function brandingSet(db: Db, args: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { org: { type: 'string' } } });
  } catch (error) {
    throw new UsageError(`branding:set: ${(error as Error).message}`);
  }
  const [folder, ...rest] = parsed.positionals;
  if (!parsed.values.org || !folder || rest.length) throw new UsageError('branding:set needs --org <webName> and one folder');
  // Into the database, marking the organization changed for the publisher in the same transaction.
  const { webName, names } = await setBranding(db, parsed.values.org, folder).catch((error: unknown) => {
    // The admin's mistakes (no branding file, one too big, an unknown organization, a folder
    // that cannot be read) read as one message; anything else keeps its stack.
    if (error instanceof BrandingError || (error as NodeJS.ErrnoException).syscall) throw new UsageError((error as Error).message);
    throw error;
  });
  return `Branding of ${webName}: ${names.join(', ')}`;
}

/** The organization named by `--org`, for the faces commands. */
async function organizationOption(db: Db, command: string, args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { org: { type: 'string' } } });
  } catch (error) {
    throw new UsageError(`${command}: ${(error as Error).message}`);
  }
  const webName = parsed.values.org;
  if (!webName) throw new UsageError(`${command} needs --org <webName>`);
  const organization = await findOrganizationByWebName(db, webName);
  if (!organization) throw new UsageError(`unknown organization "${webName}"`);
  return organization;
}

async function facesIndex(db: Db, store: MediaStore, threads: number, args: string[]): Promise<string> {
  const organization = await organizationOption(db, 'faces:index', args);
  const engine = faceEngine(threads);
  const progress = progressLine(`Faces of ${organization.web_name}`, 'photos');
  try {
    const indexed = await drainOrganization(db, store, engine, {
      organizationId: organization.id,
      concurrency: engine.size,
      onProgress: ({ done, total }) => progress.update(done, total),
      log: (message) => console.error(message),
    });
    progress.finish();
    return `Faces of ${organization.web_name}: ${indexed} photo(s) indexed`;
  } finally {
    await engine.close();
  }
}

async function mediaRenditions(db: Db, store: MediaStore, args: string[]): Promise<string> {
  const organization = await organizationOption(db, 'media:renditions', args);
  const progress = progressLine(`Renditions of ${organization.web_name}`, 'media');
  const rendered = await renderOrganization(db, store, {
    organizationId: organization.id,
    onProgress: (done, total) => progress.update(done, total),
    log: (message) => console.error(message),
  });
  progress.finish();
  return `Renditions of ${organization.web_name}: ${rendered} media rendered`;
}

async function facesPurge(db: Db, args: string[]): Promise<string> {
  const organization = await organizationOption(db, 'faces:purge', args);
  const purged = await purgeOrganizationFaces(db, organization.id);
  return `Faces of ${organization.web_name} purged: ${purged} photo(s) forgotten`;
}

async function mailPurge(db: Db, args: string[]): Promise<string> {
  const organization = await organizationOption(db, 'mail:purge', args);
  const removed = await purgeMail(db, organization.id);
  return `Mail data of ${organization.web_name} purged: ${removed} row(s) (subscriptions, sent messages, addresses)`;
}

async function list(db: Db): Promise<string> {
  const cards = await listCardSummaries(db);
  const imports = await listUnfinishedImports(db);
  const lines: string[] = [];
  for (const organization of await listOrganizations(db)) {
    lines.push(`${organization.web_name} (id ${organization.id}): ${organization.name}`);
    for (const card of cards.filter((card) => card.organization_id === organization.id)) {
      const jobs = imports.filter((job) => job.organization_id === organization.id && job.code === card.code);
      const waiting = jobs.filter((job) => job.error === null).length;
      lines.push(`  card ${formatCardCode(card.code)}  ${card.media_count} media${waiting ? `, ${waiting} waiting to be imported` : ''}`);
      // Failures a killed `media:import` could not report (it reports and drops its own).
      for (const job of jobs) if (job.error !== null) lines.push(`    not imported: ${job.file_name}: ${job.error}`);
    }
    for (const order of await listOrdersOfOrganization(db, organization.id)) {
      const view = await viewOrder(db, order);
      const codes = view.cards.map((card) => formatCardCode(card.code)).join(', ');
      lines.push(`  order ${order.id}  ${statusName(order.status)}  ${formatMoney(view.total)}  cards ${codes}`);
    }
  }
  return lines.length ? lines.join('\n') : 'No organizations yet.';
}

const statusName = (status: number) => Object.entries(ORDER_STATUS).find(([, value]) => value === status)?.[0] ?? String(status);

interface Command {
  /** Its line in the usage: the call, then what it does (indented). */
  usage: string;
  run(context: { db: Db; store: MediaStore; config: Config }, args: string[]): Promise<string>;
}

/** Every command: its usage and what runs it, in the order `--help` lists them. */
const COMMANDS: Record<string, Command> = {
  'org:upsert': {
    usage: `org:upsert <file.json>
      Creates or updates (by web_name) an organization from a JSON file shaped like the
      API's organization without "id". Prints the organization id. Brings back a removed one.
      With has_facial_recognition its photos not indexed yet are queued for face indexing;
      without, its queued ones are dropped. "timezone" (IANA, default America/Sao_Paulo)
      sets which days the facial search's periods mean.`,
    run: ({ db }, args) => orgUpsert(db, args),
  },
  'org:remove': {
    usage: `org:remove <webName>
      Removes the organization from the sites: the publisher withdraws its site and the API's
      organization calls no longer know it. Its cards, photos and orders are kept.`,
    run: ({ db }, args) => orgRemove(db, args),
  },
  'media:import': {
    usage: `media:import --org <webName> --card <code> [--sold] [--extra] [--secret <code>] <folder>
      Imports every .jpg/.jpeg/.png (and .mp4/.webm as videos) in <folder> (sorted by name)
      into the card, creating the card if needed (--secret: its two-factor access code, at
      least ${SECRET_MIN_LENGTH} characters, stored upper-cased; an existing card must have the same). Capture time: EXIF DateTimeOriginal, else
      the file's modification time. --sold marks them sold at the venue; --extra files the
      images as extras. All or nothing: one bad file imports none.`,
    run: ({ db, store }, args) => mediaImport(db, store, args),
  },
  'customer:upsert': {
    usage: `customer:upsert <file.json> [--card <code>]...
      Creates or updates (by external_id, else cpf) a customer from a JSON file
      {organization, name, lastname, external_id, cpf, email, phone, password} and links the
      given existing cards to them. Every wrong field is named; nothing is written then.`,
    run: ({ db }, args) => customerUpsert(db, args),
  },
  'products:set': { usage: PRODUCTS_SET_USAGE, run: ({ db }, args) => productsSet(db, args) },
  'payment:confirm': { usage: PAYMENT_CONFIRM_USAGE, run: ({ db, config }, args) => paymentConfirm(db, config, args) },
  'branding:set': {
    usage: `branding:set --org <webName> <folder>
      Replaces the organization's branding with the files of <folder> named logo, banner-pt,
      banner-en, banner-es, background, favicon or error-banner (.svg .png .jpg .jpeg .webp
      .ico, 2 MiB each), stored in the database; the site build copies them into the
      organization's site.`,
    run: ({ db }, args) => brandingSet(db, args),
  },
  'media:renditions': {
    usage: `media:renditions --org <webName>
      Makes the WebP renditions of the organization's media that lack the current ones
      (imports queue theirs), waiting for those the API's background renderer holds, with a
      progress line on stderr. Safe to stop and run again: it resumes where it was.`,
    run: ({ db, store }, args) => mediaRenditions(db, store, args),
  },
  'faces:index': {
    usage: `faces:index --org <webName>
      Describes the faces of the organization's queued photos (imports queue them; any photo
      never looked at is queued too) on every core (FACE_THREADS), waiting for those the
      API's background indexer holds, with a progress line on stderr. Searches count the
      photos still queued as pending.`,
    run: ({ db, store, config }, args) => facesIndex(db, store, config.faceThreads, args),
  },
  'faces:purge': {
    usage: `faces:purge --org <webName>
      Removes the organization's face data: descriptors, index rows and queued jobs.`,
    run: ({ db }, args) => facesPurge(db, args),
  },
  'mail:purge': {
    usage: `mail:purge --org <webName>
      Removes the organization's notification requests, its sent messages and the addresses
      nothing waits for. Kept: receipts not yet sent and unsubscribed addresses (so they stay so).`,
    run: ({ db }, args) => mailPurge(db, args),
  },
  list: {
    usage: `list
      Organizations with their cards (media counts) and orders (status, total).`,
    run: ({ db }) => list(db),
  },
};

const USAGE = [HEADER, '', ...Object.values(COMMANDS).map((command) => `  ${command.usage}`), '  --help\n      This text.'].join('\n');

async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const [name, ...args] = argv;
  if (name === '--help' || name === '-h') return USAGE;
  if (name === undefined) throw new UsageError(USAGE);
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`unknown command "${name}"\n\n${USAGE}`);
  const config = loadConfig(env);
  const db = await openDatabase(config);
  try {
    return await command.run({ db, store: createMediaStore(config.mediaStore, config.dataDir), config }, args);
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) {
  try {
    console.log(await run(process.argv.slice(2), process.env));
  } catch (error) {
    // Operator mistakes read best as one message; anything unexpected keeps its stack.
    const expected = error instanceof UsageError || error instanceof ConfigError || error instanceof MediaImportError;
    console.error(expected ? `Error: ${error.message}` : error);
    process.exitCode = 1;
  }
}
