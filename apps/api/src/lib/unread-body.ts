import type { FastifyInstance } from 'fastify';

/**
 * An answer may go out before the request body has fully arrived: 413 halfway through an upload,
 * 401 or 415 before reading it. Left alone, the unread rest sits on the keep-alive connection and
 * the client's next request on it is never read. Such an answer says `Connection: close`, and Node
 * closes the connection once it is flushed; the client sends its next request on a new one.
 * A body that did arrive in full but was only partly read is discarded, keeping the connection.
 */
export function closeAfterUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    // `complete` is Node's own flag: an injected request (tests) has none and is left alone.
    if (raw.complete === false) reply.header('connection', 'close');
    else if (raw.readableLength > 0) raw.resume();
    done(null, payload);
  });
}
