import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorCode, WireError } from '../../src/lib/api/wire.ts';

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

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/**
 * The one place errors become answers: 4xx pass their code through, 5xx hide behind
 * INTERNAL_ERROR (the real error is logged, never sent: it may name files or SQL).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(wireError(error.code, error.detail));
    }
    if (isFastifyError(error) && error.validation) {
      // Fastify's message already names the part and field, e.g. "querystring/organization_id must be integer".
      return reply.status(400).send(wireError('VALIDATION_ERROR', error.message));
    }
    if (isFastifyError(error) && error.statusCode === 413) {
      return reply.status(413).send(wireError('PAYLOAD_TOO_LARGE'));
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the request itself is wrong.
      return reply.status(error.statusCode).send(wireError('VALIDATION_ERROR', error.message));
    }
    request.log.error({ err: error, url: request.url }, 'request failed');
    return reply.status(500).send(wireError('INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(wireError('NOT_FOUND')));
}
