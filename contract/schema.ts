import Format from 'typebox/format';
import { Settings } from 'typebox/system';
import { Type, type TNumberOptions, type TSchema, type TStringOptions } from 'typebox';
import { Value } from 'typebox/value';
import { isCountryCode, isEmail, isValidCep } from './checkout-rules.ts';
import { isInstant, isTimeZone, isValidCpf, isWebName, PHONE_PATTERN } from './rules.ts';

// The building blocks of the contract's schemas, the rules of rules.ts as JSON Schema formats,
// and the one way a failed check becomes sentences ("customer.cpf must be a valid CPF"), for the
// API's 400 answers and the admin CLI alike. Node only: the browser imports the contract's types.

/** The rules by format name; TypeBox checks them (the API's requests, the CLI's files, the build). */
export const FORMATS = {
  cpf: isValidCpf,
  'e-mail': isEmail,
  country: isCountryCode,
  cep: isValidCep,
  'web-name': isWebName,
  'time-zone': isTimeZone,
  instant: isInstant,
} as const satisfies Record<string, (value: string) => boolean>;
for (const [name, check] of Object.entries(FORMATS)) Format.Set(name, check);

// Every wrong field is named, not TypeBox's first 8 (a union alone reports three); the cap
// bounds the work one hostile request can cause.
Settings.Set({ maxErrors: 200 });

/**
 * What the databases hold, one rule for every text and whole number a request, an admin file or
 * a path brings in: PostgreSQL's text refuses the NUL character, and its `integer` columns end at
 * 2^31-1 (SQLite holds both, so only PostgreSQL answered 500). Every string and integer of an
 * input schema is made by `Str` and `Int`; a check of every route holds it
 * (tests/server/bad-input.test.ts). Answers keep plain `Type.String`.
 */
export const MAX_INTEGER = 2 ** 31 - 1;
const MIN_INTEGER = -(2 ** 31);
/** What text holding NUL matches: `Str` refuses it (`not`), and `describeErrors` says so. */
export const HOLDS_NUL = { pattern: '\\u0000' } as const;
export const Str = (options: TStringOptions = {}) => Type.String({ ...options, not: HOLDS_NUL });
export const Int = (options: TNumberOptions = {}) =>
  Type.Integer({
    ...options,
    minimum: Math.max(Number(options.minimum ?? MIN_INTEGER), MIN_INTEGER),
    maximum: Math.min(Number(options.maximum ?? MAX_INTEGER), MAX_INTEGER),
  });

// Each `description` says in words what a field must be; `problems` turns it into the message.
export const Text = (max: number) => Str({ pattern: '\\S', maxLength: max, description: `a non-empty text of at most ${max} characters` });
export const WebName = Str({ format: 'web-name', description: '1-63 lower-case letters, digits or dashes, not starting with a dash' });
export const Email = Str({ format: 'e-mail', maxLength: 254, description: 'an e-mail address' });
export const Cpf = Str({ format: 'cpf', maxLength: 20, description: 'a valid CPF' });
/** A phone number on the wire: unmasked (the forms strip spaces, dots, dashes and brackets). */
export const Phone = Str({ pattern: PHONE_PATTERN.source, description: '8 to 15 digits with an optional leading +' });
export const Country = Str({ format: 'country', maxLength: 2, description: 'a two-letter country code' });
export const HttpUrl = Str({ pattern: '^https?://[^\\s/]+\\.[^\\s]+$', maxLength: 2000, description: 'an http(s) address' });
/** Money is integer cents of BRL everywhere (2500 is R$ 25,00). */
export const Cents = Int({ minimum: 0, maximum: 100_000_000, description: 'a whole number of cents from 0 to 100000000 (R$ 1.000.000,00)' });
export const PositiveId = Int({ minimum: 1, description: `a positive integer of at most ${MAX_INTEGER}` });
/** Order, media and payment ids: opaque, bounded. */
export const Id = Str({ minLength: 1, maxLength: 64, description: 'an id' });
/** A media's id (photo, video or extra). */
export const MediaId = Str({ minLength: 1, maxLength: 32, description: 'a media id' });
/** A card code as typed (dashes, spaces); normalised by the API. */
export const CardCode = Str({ minLength: 1, maxLength: 32, description: 'a card code' });
/** A two-factor card's access code. */
export const Secret = Str({ maxLength: 64 });

export const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()], { default: null });
export const flag = () => Type.Boolean({ default: false });
/** The head of every successful answer. */
export const ok = { error: Type.Literal(false), message: Type.String() };

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
  const node = schema as { type?: string; description?: string; anyOf?: TSchema[]; items?: TSchema; const?: unknown; enum?: unknown[] };
  if (node.description) return node.description;
  if (node.enum) return `one of ${node.enum.join(', ')}`;
  if (node.anyOf) {
    const values = node.anyOf.flatMap((branch) => ((branch as { const?: string }).const === undefined ? [] : [(branch as { const: string }).const]));
    if (values.length === node.anyOf.length) return `one of ${values.join(', ')}`;
    const text = node.anyOf.find((branch) => (branch as { type?: string }).type !== 'null');
    return `${text ? rule(text) : 'a value'}, or null`;
  }
  if (node.const !== undefined) return String(node.const);
  if (node.type === 'boolean') return 'true or false';
  if (node.type === 'object') return 'an object';
  if (node.type === 'integer') return 'an integer';
  if (node.type === 'array' && node.items) return `a list of ${rule(node.items).replace(/^one of /, '')}`;
  return `a ${node.type ?? 'value'}`;
}

/** An error as TypeBox (and Ajv) report it. */
export interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: unknown;
}

/**
 * One sentence per wrong field ("customer.email must be an e-mail address", "cpf is not a known
 * field"), in the order of the schema's checks. `subject` names the whole value when it is itself
 * wrong ("the organization must be one JSON object"); `part` heads every field's name
 * ("querystring.organization_id").
 */
export function describeErrors(schema: TSchema, errors: Iterable<SchemaError>, subject = 'the body', part?: string): string[] {
  // "products[0].price": list indices in brackets, as the file's author counts them.
  const named = (keys: readonly string[]) => [...(part ? [part] : []), ...keys].join('.').replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  const must = (path: readonly string[], field: TSchema | undefined) => `${named(path) || subject} must be ${field ? rule(field) : 'valid'}`;
  const problems = new Set<string>();
  for (const error of errors) {
    const path = error.instancePath.split('/').slice(1);
    // A union reports each branch's errors and then its own: only the union's says what is wanted.
    if (/\/anyOf\/\d+/.test(error.schemaPath)) continue;
    if (error.keyword === 'additionalProperties') {
      for (const key of (error.params as { additionalProperties: string[] }).additionalProperties) {
        problems.add(`${named([...path, key])} is not a known field`);
      }
    } else if (error.keyword === 'required') {
      for (const key of (error.params as { requiredProperties: string[] }).requiredProperties) {
        problems.add(must([...path, key], schemaAt(schema, [...path, key])));
      }
    } else if (error.keyword === 'if') {
      // A condition's `then` failed (a CPF for document_type cpf): name what it asks for.
      const branch = (atPointer(schema, error.schemaPath) as Record<string, { required?: string[]; properties?: Record<string, TSchema> }>)[
        (error.params as { failingKeyword?: string }).failingKeyword ?? 'then'
      ];
      const before = problems.size;
      for (const key of branch?.required ?? []) problems.add(must([...path, key], schemaAt(schema, [...path, key])));
      for (const [key, field] of Object.entries(branch?.properties ?? {})) problems.add(must([...path, key], field));
      if (problems.size === before) problems.add(must(path, schemaAt(schema, path)));
    } else if (error.schemaPath.endsWith('/additionalProperties')) {
      // The same unknown field, reported again.
    } else if (error.keyword === 'not') {
      // The contract's one `not`: text holding NUL (`Str`), which no description mentions.
      problems.add(`${named(path) || subject} must not contain the NUL character`);
    } else {
      // An item of a list is reported as its list.
      while (path.length && /^\d+$/.test(path[path.length - 1] ?? '')) path.pop();
      if (path.length || part) problems.add(must(path, schemaAt(schema, path)));
      else problems.add(`${subject} must be ${(schema as { description?: string }).description ?? 'one JSON object'}`);
    }
  }
  return [...problems];
}

/** The schema node a JSON pointer ("#/properties/customer/allOf/1") names. */
function atPointer(schema: TSchema, pointer: string): unknown {
  let node: unknown = schema;
  for (const key of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) node = (node as Record<string, unknown> | undefined)?.[key];
  return node ?? {};
}

/** Every wrong field of `value` against `schema`, one sentence each; none when it passes. */
export function problems(schema: TSchema, value: unknown, subject?: string): string[] {
  return Value.Check(schema, value) ? [] : describeErrors(schema, Value.Errors(schema, value), subject);
}
