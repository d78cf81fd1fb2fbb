import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NotifyBody, NotifyFacesBody, NotifyFacesParams, NotifyParams, UnsubscribeParams, UnsubscribeQuery } from '@gallery/contract/notify';
import { ok } from '@gallery/contract/schema';
import { SecretQuery } from '@gallery/contract/media';
import type { AppDeps } from '../app-deps.ts';
import { LOCALE_TAGS } from '@gallery/contract/locales';
import { unsubscribe } from '../services/mail-outbox.ts';
import { subscribe, subscribeFaces } from '../services/notify.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string);

/**
 * "E-mail me when my photos arrive" (`POST /api/v1/notify/:org/:card`, and `POST /api/v1/notify/:org`
 * from the facial search; rate-limited as a card look-up per client and per address by the service), and every e-mail's unsubscribe link: GET is the link a person clicks, POST the one-click request
 * mail programs send from List-Unsubscribe (RFC 8058, a form body). Both answer a small page.
 */
export function mailRoutes(fastify: FastifyInstance, { db }: AppDeps): void {
  // In its own scope: the form body parser is for this route only.
  void fastify.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    const schema = { params: UnsubscribeParams, querystring: UnsubscribeQuery };
    const handler = async (request: { params: { token: string }; query: { lang?: string | undefined } }, reply: import('fastify').FastifyReply) => {
      const answer = await unsubscribe(db, request.params.token, request.query.lang);
      const page = `<!doctype html><html lang="${LOCALE_TAGS[answer.locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(answer.text)}</title></head><body style="font-family:sans-serif;max-width:560px;margin:40px auto;padding:0 16px"><p>${escapeHtml(answer.text)}</p></body></html>`;
      return reply
        .code(answer.found ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page);
    };
    app.get('/api/v1/mail/unsubscribe/:token', { schema }, handler);
    app.post('/api/v1/mail/unsubscribe/:token', { schema }, handler);
  });

  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/v1/notify/:org/:card',
    { schema: { params: NotifyParams, querystring: SecretQuery, body: NotifyBody, response: { 200: Type.Object(ok) } } },
    async (request) => {
      await subscribe(db, request.params.org, request.params.card, request.query.secret, request.body, request.headers.origin);
      return { error: false as const, message: 'OK' };
    },
  );
  app.post('/api/v1/notify/:org', { schema: { params: NotifyFacesParams, body: NotifyFacesBody, response: { 200: Type.Object(ok) } } }, async (request) => {
    await subscribeFaces(db, request.params.org, request.body, request.headers.origin);
    return { error: false as const, message: 'OK' };
  });
}
