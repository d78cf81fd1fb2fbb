import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { TSchema } from 'typebox';
import { describeErrors, type SchemaError } from '@gallery/contract/schema';
import type { ErrorCode, WireError } from '@gallery/contract/errors';
import { isDatabaseBusy } from './db.ts';

/** How long a client waits before trying a 503 again: a busy database is usually free by then. */
export const RETRY_AFTER_S = 1;

/** A failure the client is meant to see: its code travels as the answer's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string | undefined;

  constructor(status: number, code: ErrorCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

function wireError(code: ErrorCode, detail?: string): WireError {
  return detail === undefined ? { error: true, message: code } : { error: true, message: code, detail };
}

/**
 * The longest path parameter the router takes. Stored file names reach 106 characters (a
 * 100-character stem, a dot and `jpeg`) and download paths carry them; the routes' schemas
 * bound each parameter more tightly where it matters.
 */
export const MAX_PARAM_LENGTH = 200;

/**
 * What the router refuses before any route or hook runs, answered in the same shape, with the
 * CORS header a tenant site needs to read it (the CORS hook has not run either).
 */
export function frameworkError(allowed: (origin: string) => boolean) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    // Fastify's own message quotes the whole path, however long: a fixed detail instead.
    const detail =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? `a path segment is longer than ${MAX_PARAM_LENGTH} characters`
        : 'the path is not valid percent-encoded UTF-8';
    const origin = request.headers.origin;
    if (origin && allowed(origin)) void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    const status = error.statusCode ?? 400;
    void reply.status(status).send(status < 500 ? wireError('VALIDATION_ERROR', detail) : wireError('INTERNAL_ERROR'));
  };
}

/**
 * A request Node cannot even parse (a broken request line or header, headers over 16 KiB): the
 * socket gets a plain HTTP answer in the same shape, then closes, as Fastify's default does.
 */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, wireError('PAYLOAD_TOO_LARGE', 'the headers are too large')]
      : [400, wireError('VALIDATION_ERROR', 'the request is not valid HTTP')];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

/**
 * Every wrong field in the contract's words ("customer.cpf must be a valid CPF"); a path or
 * query field is named with its part ("querystring.organization_id must be a positive integer").
 */
function validationDetail(error: FastifyError, schemas: FastifySchema | undefined): string {
  const part = error.validationContext ?? 'body';
  const schema = schemas?.[part as keyof FastifySchema] as TSchema | undefined;
  if (!schema || !error.validation) return error.message;
  return describeErrors(schema, error.validation as SchemaError[], `the ${part}`, part === 'body' ? undefined : part).join('; ');
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/**
 * The one place errors become answers: 4xx pass their code through, a database busy past the
 * wait is 503 UNAVAILABLE with Retry-After, other 5xx hide behind INTERNAL_ERROR (the real error
 * is logged, never sent: it may name files or SQL).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    // Answered before its body arrived whole (too large, refused up front): the connection
    // closes after the answer, so the rest is never read, not even to be thrown away.
    if (!request.raw.complete) void reply.header('connection', 'close');
    if (error instanceof ApiError) {
      return reply.status(error.status).send(wireError(error.code, error.detail));
    }
    if (isFastifyError(error) && error.validation) {
      return reply.status(400).send(wireError('VALIDATION_ERROR', validationDetail(error, request.routeOptions.schema)));
    }
    if (isFastifyError(error) && error.statusCode === 413) {
      return reply.status(413).send(wireError('PAYLOAD_TOO_LARGE'));
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the request itself is wrong.
      return reply.status(error.statusCode).send(wireError('VALIDATION_ERROR', error.message));
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ url: request.url }, 'answered 503: the database stayed busy');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_S)).send(wireError('UNAVAILABLE', 'the database is busy: try again shortly'));
    }
    request.log.error({ err: error, url: request.url }, 'request failed');
    return reply.status(500).send(wireError('INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(wireError('NOT_FOUND')));
}
