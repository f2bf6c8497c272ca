// The ceiling: a bare Fastify route answering a fixed JSON body of a given size.
import Fastify from 'fastify';

const size = Number.parseInt(process.argv[2] ?? '10000', 10);
const port = Number.parseInt(process.argv[3] ?? '0', 10);
const body = JSON.stringify({ products: [], padding: 'x'.repeat(Math.max(0, size - 30)), total: 0, page: 1, pages: 0 });
const app = Fastify();
app.get('/bare', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port });
console.log('ready');
