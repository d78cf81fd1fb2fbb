import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/**
 * Integer fields of a path or query given as anything but whole-number text: TypeBox's
 * conversion would read "1.5" or "true" as 1, and a wrong number must be a 400, not a guess.
 */
function looseIntegers(schema: TSchema, value: unknown): FastifySchemaValidationError[] {
  const properties = (schema as { properties?: Record<string, { type?: string }> }).properties ?? {};
  const given = (value ?? {}) as Record<string, unknown>;
  return Object.entries(properties)
    .filter(([key, field]) => field.type === 'integer' && typeof given[key] === 'string' && !/^-?\d+$/.test(given[key] as string))
    .map(([key]) => ({ instancePath: `/${key}`, schemaPath: `#/properties/${key}/type`, keyword: 'type', params: { type: 'integer' }, message: 'must be an integer' }));
}

/**
 * The API's one request validator: TypeBox with the contract's schemas, as the admin CLI and the
 * site build use them. Paths and queries are text, so their whole numbers are converted ("12"
 * to 12) and their defaults filled; a body is checked exactly as sent, never coerced.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  return (value: unknown) => {
    if (httpPart !== 'body') {
      const loose = looseIntegers(schema, value);
      if (loose.length) return { error: loose };
    }
    const input = httpPart === 'body' ? value : Value.Convert(schema, Value.Default(schema, value));
    return validator.Check(input) ? { value: input } : { error: [...validator.Errors(input)] };
  };
};
