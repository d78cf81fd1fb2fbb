import path from 'node:path';

/** The fixture files of the browser tests, also loaded by server tests (tests/fixtures/). */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../fixtures');

/** One entry of tests/fixtures/cards/*.json: a card of an organization and the samples it holds. */
export interface FixtureCard {
  org: string;
  card: string;
  samples: number[];
  sold?: boolean;
  extra?: boolean;
  secret?: string;
}
