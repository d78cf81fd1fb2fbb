import fs from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { formatCardCode, isValidCardCode, normalizeCardCode } from '../../src/lib/card-code.ts';
import { ConfigError, loadConfig } from './config.ts';
import { inTransaction, openDatabase } from './db.ts';
import { findOrCreateCard, listCardSummaries } from './repositories/cards.ts';
import { findOrganizationByWebName, listOrganizations, upsertOrganization } from './repositories/organizations.ts';
import { importMedias, MediaImportError } from './services/media-import.ts';
import { parseOrganizationInput } from './services/organization-input.ts';

const USAGE = `Provider admin (reads DATA_DIR, default ./data)

Usage: npm run provider -- <command>

  org:upsert <file.json>
      Creates or updates (by web_name) an organization from a JSON file shaped like the
      API's organization without "id". Prints the organization id.
  media:import --org <webName> --card <code> [--sold] [--extra] <folder>
      Imports every .jpg/.jpeg/.png in <folder> (sorted by name) into the card, creating the
      card if needed. --sold marks them sold at the venue; --extra files them as extras.
      All or nothing: one bad file imports none.
  list
      Organizations and their cards with media counts.
  --help
      This text.`;

/** A failure the operator caused; printed without a stack trace. */
class UsageError extends Error {}

const IMAGE_FILE = /\.(jpe?g|png)$/i;

async function orgUpsert(db: DatabaseSync, args: string[]): Promise<string> {
  const [file, ...extra] = args;
  if (!file || extra.length) throw new UsageError('org:upsert takes exactly one JSON file');
  const text = await fs.readFile(file, 'utf8').catch(() => {
    throw new UsageError(`cannot read ${file}`);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const result = parseOrganizationInput(json);
  if (!result.ok) throw new UsageError(`${file} has invalid fields:\n- ${result.problems.join('\n- ')}`);
  return String(upsertOrganization(db, result.organization));
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
      },
    });
  } catch (error) {
    throw new UsageError(`media:import: ${(error as Error).message}`);
  }
}

async function mediaImport(db: DatabaseSync, dataDir: string, args: string[]): Promise<string> {
  const { values, positionals } = parseMediaImportArgs(args);
  const [folder, ...rest] = positionals;
  if (!values.org || !values.card || !folder || rest.length) {
    throw new UsageError('media:import needs --org <webName> --card <code> and one folder');
  }
  const organization = findOrganizationByWebName(db, values.org);
  if (!organization) throw new UsageError(`unknown organization "${values.org}"`);
  if (!isValidCardCode(values.card)) throw new UsageError(`"${values.card}" is not a card code (9 letters or digits)`);
  const stat = await fs.stat(folder).catch(() => undefined);
  if (!stat?.isDirectory()) throw new UsageError(`${folder} is not a folder`);
  const names = (await fs.readdir(folder)).filter((name) => IMAGE_FILE.test(name)).sort();
  if (!names.length) throw new UsageError(`${folder} holds no .jpg, .jpeg or .png file`);
  const code = normalizeCardCode(values.card);
  const sources = await Promise.all(
    names.map(async (name) => {
      const sourcePath = path.join(folder, name);
      const { mtime } = await fs.stat(sourcePath);
      return { sourcePath, capturedAt: mtime.toISOString() };
    }),
  );
  const imported = await inTransaction(db, async () => {
    const card = findOrCreateCard(db, organization.id, code);
    return importMedias(
      db,
      dataDir,
      sources.map((source) => ({
        ...source,
        organizationId: organization.id,
        cardId: card.id,
        kind: values.extra ? 'extra' : 'photo',
        soldAtVenue: values.sold,
      })),
    );
  });
  return `Imported ${imported.length} media into ${formatCardCode(code)} (${organization.web_name})`;
}

function list(db: DatabaseSync): string {
  const cards = listCardSummaries(db);
  const lines = listOrganizations(db).flatMap((organization) => [
    `${organization.web_name} (id ${organization.id}): ${organization.name}`,
    ...cards
      .filter((card) => card.organization_id === organization.id)
      .map((card) => `  ${formatCardCode(card.code)}  ${card.media_count} media`),
  ]);
  return lines.length ? lines.join('\n') : 'No organizations yet.';
}

const COMMANDS = ['org:upsert', 'media:import', 'list'];

async function run(argv: string[]): Promise<string> {
  const [command, ...args] = argv;
  if (command === '--help' || command === '-h') return USAGE;
  if (command === undefined) throw new UsageError(USAGE);
  if (!COMMANDS.includes(command)) throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  const { dataDir } = loadConfig();
  const db = openDatabase(dataDir);
  try {
    if (command === 'org:upsert') return await orgUpsert(db, args);
    if (command === 'media:import') return await mediaImport(db, dataDir, args);
    return list(db);
  } finally {
    db.close();
  }
}

if (import.meta.main) {
  try {
    console.log(await run(process.argv.slice(2)));
  } catch (error) {
    // Operator mistakes read best as one message; anything unexpected keeps its stack.
    const expected = error instanceof UsageError || error instanceof ConfigError || error instanceof MediaImportError;
    console.error(expected ? `Error: ${error.message}` : error);
    process.exitCode = 1;
  }
}
