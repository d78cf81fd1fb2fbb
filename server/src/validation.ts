import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/**
 * The API's one request validator: TypeBox with the contract's schemas, as the admin CLI and the
 * site build use them. Paths and queries are text, so their scalars are converted ("12" to 12)
 * and their defaults filled; a body is checked exactly as sent, never coerced.
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const validator = Compile(schema);
  return (value: unknown) => {
    const input = httpPart === 'body' ? value : Value.Convert(schema, Value.Default(schema, value));
    return validator.Check(input) ? { value: input } : { error: [...validator.Errors(input)] };
  };
};
