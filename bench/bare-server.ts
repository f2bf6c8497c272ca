// The ceiling: a bare Fastify route answering a fixed JSON body of a given size
// (`/bare?size=<bytes>`, each size built once), so every target is compared with a route that
// sends the same number of bytes and does nothing else.
import Fastify from 'fastify';

const port = Number.parseInt(process.argv[2] ?? '0', 10);
const bodies = new Map<number, string>();
function body(size: number): string {
  let found = bodies.get(size);
  if (!found) {
    found = JSON.stringify({ products: [], padding: 'x'.repeat(Math.max(0, size - 60)), total: 0, page: 1, pages: 0 });
    bodies.set(size, found);
  }
  return found;
}
const app = Fastify();
app.get('/bare', (request, reply) => {
  const size = Number.parseInt((request.query as { size?: string }).size ?? '10000', 10);
  return reply.type('application/json; charset=utf-8').send(body(size));
});
await app.listen({ host: '127.0.0.1', port });
console.log('ready');
