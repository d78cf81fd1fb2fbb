import { Settings } from 'typebox/system';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

// The organization of spec section 3, defined once: the API serializes its answers with
// `Organization`, the admin CLI's `org:upsert` checks its file with `OrganizationFile`, the site
// build checks what the API answered with `Organization`, and the browser client reads the
// static type `WireOrganization`. Rules are written as patterns (not Ajv formats) so TypeBox's
// `Value`, Ajv and fast-json-stringify all read them the same way.

/**
 * An organization's web name, the first part of its sites' host name (section 1): 1 to 63
 * lower-case letters, digits or dashes, not starting with a dash. The API, its admin CLI and the
 * site build all take this one rule.
 */
export const WEB_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function isWebName(value: string): boolean {
  return WEB_NAME_PATTERN.test(value);
}

// Each `description` says what the field must be; the checks below turn it into the message.
const WebName = Type.String({ pattern: WEB_NAME_PATTERN.source, description: '1-63 lower-case letters, digits or dashes, not starting with a dash' });
const NonEmpty = Type.String({ pattern: '\\S', description: 'a non-empty string' });
const HttpUrl = Type.String({ pattern: '^https?://[^\\s/]+\\.[^\\s]+$', description: 'an http(s) address' });
const Email = Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', description: 'an e-mail address' });
const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()], { default: null });
const flag = () => Type.Boolean({ default: false });

const InitialForm = Type.Union([Type.Literal('card'), Type.Literal('customer'), Type.Literal('credential')], { default: 'card' });
const CustomerField = Type.Union([
  Type.Literal('name'),
  Type.Literal('lastname'),
  Type.Literal('external_id'),
  Type.Literal('cpf'),
  Type.Literal('password'),
]);

const SiteFeatures = Type.Object(
  {
    can_send_photo: flag(),
    /** Which customer-search fields the home shows, in order. */
    customer_form_fields: Type.Array(CustomerField, { default: [] }),
    cpf_as_password: flag(),
    find_customer_with_credential: flag(),
    show_home_header: flag(),
    free_photos: flag(),
    can_remove_photo: flag(),
    must_edit_photo: flag(),
  },
  { default: {} },
);

/** Every field but the id: what an organization file for `org:upsert` holds. */
const profile = {
  web_name: WebName,
  name: NonEmpty,
  url: orNull(HttpUrl),
  has_online_sale: flag(),
  can_sell_online: flag(),
  has_facial_recognition: flag(),
  external_help_url: orNull(HttpUrl),
  external_help_id: orNull(NonEmpty),
  contact_email: orNull(Email),
  features: Type.Object({ site: SiteFeatures }, { default: {} }),
  features_organization: Type.Object(
    {
      two_factor_authentication: flag(),
      webapp_initial_form: InitialForm,
      /** A JSON string, e.g. '{"SITE_BANNER":{"URL":"https://…","HEIGHT":80}}'. */
      config: Type.String({ default: '{}', description: 'a string holding a JSON object' }),
    },
    { default: {} },
  ),
};

/** An organization as the API answers it (GET /api/v1/organization/:webName). */
export const Organization = Type.Object({ id: Type.Integer({ minimum: 1 }), ...profile });
export type WireOrganization = Static<typeof Organization>;
export type InitialForm = WireOrganization['features_organization']['webapp_initial_form'];
export type CustomerField = WireOrganization['features']['site']['customer_form_fields'][number];

/** An organization file for the admin CLI: no id (the API assigns it), no unknown field, defaults for the rest. */
export const OrganizationFile = Type.Object(profile, { additionalProperties: false });
export type NewOrganization = Static<typeof OrganizationFile>;

export const OrganizationAnswer = Type.Object({ error: Type.Literal(false), message: Type.String(), organization: Organization });
export type WireOrganizationAnswer = Static<typeof OrganizationAnswer>;

export const OrganizationList = Type.Object({
  error: Type.Literal(false),
  organizations: Type.Array(Type.Object({ id: Type.Integer(), web_name: Type.String(), name: Type.String() })),
});
export type WireOrganizationList = Static<typeof OrganizationList>;

function isJsonObjectText(text: string): boolean {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && !Array.isArray(json);
  } catch {
    return false;
  }
}

/** The schema of the field at `path` (object keys; array indices go to the items). */
function schemaAt(schema: TSchema, path: readonly string[]): TSchema | undefined {
  let current: TSchema | undefined = schema;
  for (const key of path) {
    if (!current) return undefined;
    const node: { properties?: Record<string, TSchema>; items?: TSchema } = current;
    current = /^\d+$/.test(key) ? node.items : node.properties?.[key];
  }
  return current;
}

/** What a field must be, in words, from its schema. */
function rule(schema: TSchema): string {
  const node = schema as { type?: string; description?: string; anyOf?: TSchema[]; items?: TSchema; const?: string };
  if (node.anyOf) {
    const values = node.anyOf.flatMap((branch) => ((branch as { const?: string }).const === undefined ? [] : [(branch as { const: string }).const]));
    if (values.length === node.anyOf.length) return `one of ${values.join(', ')}`;
    const text = node.anyOf.find((branch) => (branch as { type?: string }).type !== 'null');
    return `${text ? rule(text) : 'a value'}, or null`;
  }
  if (node.description) return node.description;
  if (node.type === 'boolean') return 'true or false';
  if (node.type === 'object') return 'an object';
  if (node.type === 'integer') return 'a positive integer';
  if (node.type === 'array' && node.items) return `a list of ${rule(node.items).replace(/^one of /, '')}`;
  return `a ${node.type ?? 'value'}`;
}

/** Every error, not TypeBox's first 8 (a union alone reports three): the file's author fixes all at once. */
function allErrors(schema: TSchema, value: unknown) {
  const { maxErrors } = Settings.Get();
  Settings.Set({ maxErrors: 1000 });
  try {
    return Value.Errors(schema, value);
  } finally {
    Settings.Set({ maxErrors });
  }
}

/**
 * Every wrong field of `value` against `schema`, one sentence each ("has_online_sale must be true
 * or false"), in the order of the schema's checks; none when it passes. Also checks that the
 * organization's config, when present, is a JSON object.
 */
export function organizationProblems(schema: typeof Organization | typeof OrganizationFile, value: unknown): string[] {
  const problems = new Set<string>();
  for (const error of allErrors(schema, value)) {
    const path = error.instancePath.split('/').slice(1);
    // An item of a list is reported as its list.
    while (path.length && /^\d+$/.test(path[path.length - 1] ?? '')) path.pop();
    const prefix = path.length ? `${path.join('.')}.` : '';
    if (error.keyword === 'additionalProperties') {
      for (const key of (error.params as { additionalProperties: string[] }).additionalProperties) {
        problems.add(!prefix && key === 'id' ? 'id must not be given: the API assigns it' : `${prefix}${key} is not a known field`);
      }
    } else if (error.keyword === 'required') {
      for (const key of (error.params as { requiredProperties: string[] }).requiredProperties) {
        const field = schemaAt(schema, [...path, key]);
        problems.add(`${prefix}${key} must be ${field ? rule(field) : 'given'}`);
      }
    } else if (error.schemaPath.endsWith('/additionalProperties')) {
      // The same unknown field, reported again by the additionalProperties keyword.
    } else {
      const field = schemaAt(schema, path);
      problems.add(path.length ? `${path.join('.')} must be ${field ? rule(field) : 'valid'}` : 'the organization must be one JSON object');
    }
  }
  const config = (value as { features_organization?: { config?: unknown } } | null)?.features_organization?.config;
  if (schema === OrganizationFile && typeof config === 'string' && !isJsonObjectText(config)) {
    problems.add('features_organization.config must be a string holding a JSON object');
  }
  return [...problems];
}

export const DEFAULT_BANNER_HEIGHT = 80;

/** What `features_organization.config` holds, once parsed: the gallery banner (section 3). */
export const SiteConfig = Type.Object({
  SITE_BANNER: Type.Object(
    {
      URL: Type.String({ default: '' }),
      HEIGHT: Type.Integer({ minimum: 1, default: DEFAULT_BANNER_HEIGHT, description: 'a positive whole number of pixels' }),
    },
    { default: {} },
  ),
});
export type SiteConfig = Static<typeof SiteConfig>;
