import { Type, type Static } from 'typebox';
import { Email, flag, HttpUrl, ok, orNull, PositiveId, problems, Str, Text, WebName } from './schema.ts';

// The organization of spec section 3, defined once: the API serializes its answers with
// `Organization`, the admin CLI's `org:upsert` checks its file with `OrganizationFile`, the site
// build checks what the API answered with `Organization`, and the browser client reads the
// static type `WireOrganization`.

const NonEmpty = Text(200);
/** The help link: a page, or an e-mail address the sites turn into a mail link (section 5). */
const HelpLink = Type.Union([HttpUrl, Email], { description: 'an http(s) address or an e-mail address' });
const InitialForm = Type.Union([Type.Literal('card'), Type.Literal('customer'), Type.Literal('credential')], { default: 'card' });
const CustomerField = Type.Union([Type.Literal('name'), Type.Literal('lastname'), Type.Literal('external_id'), Type.Literal('cpf'), Type.Literal('password')]);

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

/** Where an organization's calendar days begin and end when none is set (the facial search's period). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
const TimeZone = Str({ format: 'time-zone', default: DEFAULT_TIME_ZONE, description: 'an IANA time zone name such as America/Sao_Paulo' });

/** Every field but the id: what an organization file for `org:upsert` holds. */
const profile = {
  web_name: WebName,
  name: NonEmpty,
  url: orNull(HttpUrl),
  has_online_sale: flag(),
  can_sell_online: flag(),
  has_facial_recognition: flag(),
  external_help_url: orNull(HelpLink),
  external_help_id: orNull(NonEmpty),
  contact_email: orNull(Email),
  /** The organization's days (the facial search's period) are those of this zone. */
  timezone: Type.Optional(TimeZone),
  features: Type.Object({ site: SiteFeatures }, { default: {} }),
  features_organization: Type.Object(
    {
      two_factor_authentication: flag(),
      webapp_initial_form: InitialForm,
      /** A JSON string, e.g. '{"SITE_BANNER":{"URL":"https://…","HEIGHT":80}}'. */
      config: Str({ default: '{}', description: 'a string holding a JSON object' }),
    },
    { default: {} },
  ),
};

/** An organization as the API answers it (GET /api/v1/organization/:webName). */
export const Organization = Type.Object({ id: PositiveId, ...profile });
export type WireOrganization = Static<typeof Organization>;
export type InitialForm = WireOrganization['features_organization']['webapp_initial_form'];
export type CustomerField = WireOrganization['features']['site']['customer_form_fields'][number];

/** An organization file for the admin CLI: no id (the API assigns it), no unknown field, defaults for the rest. */
export const OrganizationFile = Type.Object(profile, { additionalProperties: false });
export type NewOrganization = Static<typeof OrganizationFile>;

export const OrganizationAnswer = Type.Object({ ...ok, organization: Organization });
export type WireOrganizationAnswer = Static<typeof OrganizationAnswer>;

const OrganizationChange = Type.Object({ id: Type.Integer(), web_name: Type.String(), name: Type.String(), updated_at: Type.String() });
/**
 * GET /api/v1/organizations: every organization with when a site-visible part of it last changed;
 * with `changed_since`, also those removed since then (their sites are withdrawn).
 */
export const OrganizationList = Type.Object({
  error: Type.Literal(false),
  organizations: Type.Array(OrganizationChange),
  removed: Type.Optional(Type.Array(OrganizationChange)),
});
/** `?changed_since=`: only the organizations changed after this instant (ISO 8601, UTC). */
export const OrganizationListQuery = Type.Object({
  changed_since: Type.Optional(Str({ format: 'instant', description: 'an instant in UTC as 2026-11-23T10:00:00.000Z' })),
});
/** POST /api/v1/organizations/changed: a provider's back office says an organization changed (signed). */
export const OrganizationChangedBody = Type.Object({ web_name: WebName }, { additionalProperties: false });
export type WireOrganizationList = Static<typeof OrganizationList>;

function isJsonObjectText(text: string): boolean {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && !Array.isArray(json);
  } catch {
    return false;
  }
}

/**
 * Every wrong field of an organization (`Organization`) or organization file (`OrganizationFile`),
 * one sentence each; also checks that the file's config, when present, is a JSON object.
 */
export function organizationProblems(schema: typeof Organization | typeof OrganizationFile, value: unknown): string[] {
  const found = problems(schema, value, 'the organization').map((problem) =>
    problem === 'id is not a known field' ? 'id must not be given: the API assigns it' : problem,
  );
  const config = (value as { features_organization?: { config?: unknown } } | null)?.features_organization?.config;
  if (schema === OrganizationFile && typeof config === 'string' && !isJsonObjectText(config)) {
    found.push('features_organization.config must be a string holding a JSON object');
  }
  return found;
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
