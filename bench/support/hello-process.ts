// The anchor of the look-up figures: a bare Fastify hello-world, in its own process.
import Fastify from 'fastify';

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
console.log(`hello-world listening on ${await hello.listen({ host: '127.0.0.1', port: Number(process.env['API_PORT']) })}`);
process.once('SIGTERM', () => void hello.close().then(() => process.exit(0)));
