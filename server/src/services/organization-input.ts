import type { InitialForm, WireOrganization } from '../../../src/lib/api/wire.ts';
import { isWebName } from '../../../src/lib/web-name.ts';
import type { NewOrganization } from '../repositories/organizations.ts';

// Checks an organization file from the admin CLI before anything is written, naming every
// wrong field at once (as loadConfig does for the environment).

const INITIAL_FORMS: readonly InitialForm[] = ['card', 'customer', 'credential'];
type FormField = WireOrganization['features']['site']['customer_form_fields'][number];
const FORM_FIELDS: readonly FormField[] = ['name', 'lastname', 'external_id', 'cpf', 'password'];
const TOP_LEVEL = new Set([
  'web_name', 'name', 'url', 'has_online_sale', 'can_sell_online', 'has_facial_recognition',
  'external_help_url', 'external_help_id', 'contact_email', 'features', 'features_organization',
]);

export type OrganizationInputResult =
  | { ok: true; organization: NewOrganization }
  | { ok: false; problems: string[] };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads fields of one JSON object, collecting problems instead of stopping at the first. */
class FieldReader {
  readonly problems: string[];
  private readonly source: Json;
  private readonly prefix: string;

  constructor(source: Json, prefix: string, problems: string[]) {
    this.source = source;
    this.prefix = prefix;
    this.problems = problems;
  }

  private name(key: string): string {
    return this.prefix + key;
  }

  /** A nested object; missing means every field inside takes its default. */
  object(key: string): FieldReader {
    const value = this.source[key];
    if (value !== undefined && !isObject(value)) this.problems.push(`${this.name(key)} must be an object`);
    return new FieldReader(isObject(value) ? value : {}, `${this.name(key)}.`, this.problems);
  }

  boolean(key: string): boolean {
    const value = this.source[key];
    if (value !== undefined && typeof value !== 'boolean') this.problems.push(`${this.name(key)} must be true or false`);
    return value === true;
  }

  requiredString(key: string, test: (value: string) => boolean, why: string): string {
    const value = this.source[key];
    if (typeof value !== 'string' || !test(value)) {
      this.problems.push(`${this.name(key)} ${why}`);
      return '';
    }
    return value.trim();
  }

  /** A string or null; missing means null. */
  optionalString(key: string, test: (value: string) => boolean, why: string): string | null {
    const value = this.source[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' || !test(value)) {
      this.problems.push(`${this.name(key)} ${why}, or null`);
      return null;
    }
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    const value = this.source[key];
    if (value === undefined) return fallback;
    const match = allowed.find((item) => item === value);
    if (match === undefined) this.problems.push(`${this.name(key)} must be one of ${allowed.join(', ')}`);
    return match ?? fallback;
  }

  listOf<T extends string>(key: string, allowed: readonly T[]): T[] {
    const value = this.source[key];
    if (value === undefined) return [];
    const items = Array.isArray(value) ? value : [];
    const kept = items.flatMap((item) => allowed.filter((candidate) => candidate === item));
    if (!Array.isArray(value) || kept.length !== items.length) {
      this.problems.push(`${this.name(key)} must be a list of ${allowed.join(', ')}`);
    }
    return kept;
  }
}

const isHttpUrl = (value: string) => /^https?:\/\/[^\s/]+\.[^\s]+$/.test(value);
const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const isJsonObjectText = (value: string) => {
  try {
    return isObject(JSON.parse(value));
  } catch {
    return false;
  }
};

export function parseOrganizationInput(input: unknown): OrganizationInputResult {
  if (!isObject(input)) return { ok: false, problems: ['the file must hold one JSON object'] };
  const problems = Object.keys(input)
    .filter((key) => !TOP_LEVEL.has(key))
    .map((key) => (key === 'id' ? 'id must not be given: the API assigns it' : `${key} is not a known field`));
  const root = new FieldReader(input, '', problems);
  const site = root.object('features').object('site');
  const org = root.object('features_organization');
  const organization: NewOrganization = {
    web_name: root.requiredString('web_name', isWebName, 'must be 1-63 lower-case letters, digits or dashes, not starting with a dash'),
    name: root.requiredString('name', (v) => v.trim() !== '', 'must be a non-empty string'),
    url: root.optionalString('url', isHttpUrl, 'must be an http(s) address'),
    has_online_sale: root.boolean('has_online_sale'),
    can_sell_online: root.boolean('can_sell_online'),
    has_facial_recognition: root.boolean('has_facial_recognition'),
    external_help_url: root.optionalString('external_help_url', isHttpUrl, 'must be an http(s) address'),
    external_help_id: root.optionalString('external_help_id', (v) => v.trim() !== '', 'must be a non-empty string'),
    contact_email: root.optionalString('contact_email', isEmail, 'must be an e-mail address'),
    features: {
      site: {
        can_send_photo: site.boolean('can_send_photo'),
        customer_form_fields: site.listOf('customer_form_fields', FORM_FIELDS),
        cpf_as_password: site.boolean('cpf_as_password'),
        find_customer_with_credential: site.boolean('find_customer_with_credential'),
        show_home_header: site.boolean('show_home_header'),
        free_photos: site.boolean('free_photos'),
        can_remove_photo: site.boolean('can_remove_photo'),
        must_edit_photo: site.boolean('must_edit_photo'),
      },
    },
    features_organization: {
      two_factor_authentication: org.boolean('two_factor_authentication'),
      webapp_initial_form: org.oneOf('webapp_initial_form', INITIAL_FORMS, 'card'),
      config: org.optionalString('config', isJsonObjectText, 'must be a string holding a JSON object') ?? '{}',
    },
  };
  return problems.length ? { ok: false, problems } : { ok: true, organization };
}
