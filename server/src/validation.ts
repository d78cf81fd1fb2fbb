import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

type Field = { type?: string; enum?: unknown[]; default?: unknown };

/**
 * What a path or query schema needs to read text: its whole-number fields and its defaults, read
 * once when the route is declared. Their fields are text, whole numbers or a list of words; any
 * other kind would need a conversion of its own, so declaring one fails at start.
 */
function textFields(schema: TSchema): { integers: string[]; defaults: Array<[string, unknown]> } {
  const properties = Object.entries((schema as { properties?: Record<string, Field> }).properties ?? {});
  for (const [key, field] of properties) {
    if (field.type !== 'string' && field.type !== 'integer' && !field.enum)
      throw new Error(`path and query fields are text, whole numbers or words; ${key} is not`);
  }
  return {
    integers: properties.filter(([, field]) => field.type === 'integer').map(([key]) => key),
    defaults: properties.filter(([, field]) => 'default' in field).map(([key, field]) => [key, field.default]),
  };
}

const notInteger = (key: string): FastifySchemaValidationError => ({
  instancePath: `/${key}`,
  schemaPath: `#/properties/${key}/type`,
  keyword: 'type',
  params: { type: 'integer' },
  message: 'must be an integer',
});

/**
 * The API's one request validator: TypeBox with the contract's schemas, as the admin CLI and the
 * site build use them. A body is checked exactly as sent, never coerced. Paths and queries are
 * text: their whole numbers are read ("12" to 12; "1.5" or "true" is a 400, never a guess) and
 * their defaults filled, then checked the same way.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  const check = (input: unknown) => (validator.Check(input) ? { value: input } : { error: [...validator.Errors(input)] });
  if (httpPart === 'body') return check;
  const { integers, defaults } = textFields(schema);
  return (value: unknown) => {
    const input: Record<string, unknown> = { ...(value as Record<string, unknown> | undefined) };
    const loose = integers.filter((key) => typeof input[key] === 'string' && !/^-?\d+$/.test(input[key] as string));
    if (loose.length) return { error: loose.map(notInteger) };
    for (const key of integers) if (typeof input[key] === 'string') input[key] = Number(input[key]);
    for (const [key, fallback] of defaults) if (input[key] === undefined) input[key] = fallback;
    return check(input);
  };
};
