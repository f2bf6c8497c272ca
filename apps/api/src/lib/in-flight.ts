import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Counts requests whose handler has not answered yet, including those whose client already hung
 * up: closing the HTTP server waits for open connections only, and such a handler may still be
 * about to use the database.
 */
export function trackRequestsInFlight(app: FastifyInstance) {
  const running = new WeakSet<FastifyRequest>();
  let count = 0;
  let onIdle: (() => void) | null = null;
  const settle = async (request: FastifyRequest) => {
    if (!running.delete(request)) return;
    count -= 1;
    if (count === 0) onIdle?.();
  };
  app.addHook('onRequest', async (request) => {
    running.add(request);
    count += 1;
  });
  // onSend runs once the handler (or the error handler) has its answer, even for a vanished client.
  app.addHook('onSend', settle);
  app.addHook('onResponse', settle);

  return {
    /** Resolves when no handler is running, or once `deadline` (epoch ms) has passed. */
    async idle(deadline: number): Promise<void> {
      if (count === 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
