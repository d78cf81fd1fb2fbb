// The floor of order creation on PostgreSQL: a bare Fastify route with a pg pool (as large as the
// API's) that finds the card and makes the same rows a new cart makes (the order and its first
// card) in one transaction, with no lock of its own, no validation and no answer to build.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env['DATABASE_URL'], max: 10 });
const app = Fastify();
app.post<{ Params: { firstCard: string; orgId: string }; Body: { visitor_key: string } }>('/api/v1/order/:firstCard/:orgId', async (request, reply) => {
  const orgId = Number(request.params.orgId);
  const card = await pool.query<{ id: string }>('SELECT id FROM cards WHERE organization_id = $1 AND code = $2', [orgId, request.params.firstCard]);
  const cardId = card.rows[0]?.id;
  if (!cardId) return reply.code(404).send({ error: true, message: 'CARD_NOT_FOUND' });
  const id = randomBytes(16).toString('base64url').slice(0, 22);
  const at = new Date().toISOString();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('INSERT INTO orders (id, organization_id, first_card_id, visitor_key, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)', [
      id,
      orgId,
      cardId,
      request.body.visitor_key,
      at,
    ]);
    await client.query('INSERT INTO order_cards (order_id, card_id, position) VALUES ($1, $2, 0)', [id, cardId]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  return { error: false, message: 'OK', order: { id } };
});
console.log(`bare order route listening on ${await app.listen({ host: '127.0.0.1', port: Number(process.env['API_PORT']) })}`);
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
