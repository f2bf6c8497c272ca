import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** A drain is over once no request has been open, on any connection, for this long. */
export const DRAIN_QUIET_MS = 500;

/**
 * Drains keep-alive connections without dropping a request a client has already sent on them.
 * Closing the HTTP server closes idle keep-alive connections at once, resetting requests that are on
 * their way or pipelined behind one in progress. Instead, from SIGTERM on, every request on an open
 * connection is answered; the last answer queued on a connection says `Connection: close`, so the
 * client opens its next connection elsewhere (new connections are refused); connections are closed
 * once no request has been open anywhere for `DRAIN_QUIET_MS`.
 */
export function trackConnections(app: FastifyInstance) {
  /** Per open connection: requests received and not yet answered, the last one received, bytes read so far. */
  const open = new Map<Socket, { unanswered: number; last: IncomingMessage | null; bytesRead: number }>();
  let draining = false;
  let lastRequestAt = 0;

  app.server.on('connection', (socket: Socket) => {
    open.set(socket, { unanswered: 0, last: null, bytesRead: 0 });
    socket.once('close', () => open.delete(socket));
  });
  // Node emits 'request' as soon as it has parsed a request, pipelined ones included, before any hook.
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const connection = open.get(request.socket);
    if (!connection) return;
    connection.unanswered += 1;
    connection.last = request;
    lastRequestAt = Date.now();
    response.once('close', () => {
      connection.unanswered -= 1;
    });
  });
  // Answers go out in order, so the answer to the last request received is the connection's last.
  app.addHook('onSend', async (request, reply) => {
    if (draining && open.get(request.raw.socket)?.last === request.raw) void reply.header('connection', 'close');
  });

  const busy = () => {
    let answering = false;
    for (const [socket, connection] of open) {
      if (connection.unanswered > 0) answering = true;
      // Bytes of a request still arriving (its head not complete yet) count as activity too.
      if (socket.bytesRead !== connection.bytesRead) {
        connection.bytesRead = socket.bytesRead;
        lastRequestAt = Date.now();
      }
    }
    return answering || Date.now() - lastRequestAt < DRAIN_QUIET_MS;
  };
  /** Idle, and still idle after one turn of the event loop has read whatever had arrived meanwhile. */
  const idle = async () => {
    if (busy()) return false;
    await new Promise((resolve) => setImmediate(resolve));
    return !busy();
  };

  return {
    /**
     * Stops accepting connections and answers what arrives on the open ones until idle, or until
     * `deadline` (epoch ms); then closes every connection. Resolves with the number of requests
     * cut off unanswered at the deadline (0 when it became idle).
     */
    async drain(deadline: number): Promise<number> {
      draining = true;
      lastRequestAt = Date.now();
      // The plain listener close: http.Server's own close would also drop the idle keep-alive connections now.
      net.Server.prototype.close.call(app.server);
      while (!(await idle()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      let cutOff = 0;
      for (const connection of open.values()) cutOff += connection.unanswered;
      app.server.closeAllConnections();
      return cutOff;
    },
  };
}
