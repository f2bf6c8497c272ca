/**
 * Where the process is in its life, as the load balancer's readiness check sees it: `starting`
 * until it listens, `ready`, then `draining` from SIGTERM on (server.ts moves it along).
 */
export interface Lifecycle {
  phase: 'starting' | 'ready' | 'draining';
}

export function createLifecycle(phase: Lifecycle['phase'] = 'starting'): Lifecycle {
  return { phase };
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}
