import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from './errors';

/**
 * Prometheus metrics at /metrics: process defaults plus request durations by route and status.
 * With METRICS_TOKEN set (production requires it) that bearer token is required; without it only
 * loopback callers are served.
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  searchIndexBytes?: () => Record<string, number> | undefined | Promise<Record<string, number> | undefined>,
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  if (searchIndexBytes) {
    // What an instance's memory holds for search, per part: it grows with the catalogue (decision 0017).
    new Gauge({
      name: 'search_index_bytes',
      help: 'Bytes held by the in-process search index, by part (an estimate: object headers not counted)',
      labelNames: ['part'],
      registers: [registry],
      async collect() {
        const byPart = await searchIndexBytes();
        this.reset();
        for (const [part, bytes] of Object.entries(byPart ?? {})) this.set({ part }, bytes);
      },
    });
  }
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const allowed = token
      ? sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)
      : ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip);
    if (!allowed) throw new AppError('FORBIDDEN', 'Metrics are not available from here');
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/** Compares digests so the time taken says nothing about how much of the token was right. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
