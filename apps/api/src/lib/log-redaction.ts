import type { FastifyRequest } from 'fastify';

/**
 * A request URL as the log may keep it. Signed download links carry their credential in the path
 * (`/downloads/<token>`, `/downloads/review/<token>`) and reset, confirmation and unsubscribe links
 * in `token=`, and a seller API token or webhook secret may be pasted into any address: anyone
 * reading the log could use them, so they are replaced.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/downloads\/(?:review\/)?)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&][^=&#]*token=)[^&#]*/gi, '$1[redacted]')
    .replace(/\b(mkt_sk_|whsec_)[A-Za-z0-9_-]+/g, '$1[redacted]');
}

/** Fastify's request serializer for the log, with the URL redacted. */
export function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
