// @database-server: requests in flight finish with the database before the pool closes at SIGTERM; readiness while draining
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalJwks } from '../test/google';
import { type ProcessDatabase, processDatabase } from '../test/process-database';

/**
 * SIGTERM during requests that are still arriving: the server stops taking new connections,
 * lets those requests finish (they still need the database), and only then closes the pool.
 */

const serverEntry = path.resolve(__dirname, 'server.ts');
let dataDir: string;
let port: number;
let database: ProcessDatabase;

beforeAll(async () => {
  database = await processDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-shutdown-'));
  port = await freePort();
});

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

/**
 * The real server, allowed `drainSeconds` to finish requests at SIGTERM: on its embedded PostgreSQL,
 * or with TEST_DATABASE_URL on a database on that server.
 */
function startServer(drainSeconds: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SHUTDOWN_DRAIN_SECONDS: String(drainSeconds),
      ...database.env,
      ...env,
      JWT_SECRET: 'shutdown-test-secret-shutdown-test-secret-0123',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function until(condition: () => Promise<boolean> | boolean, what: string, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}:\n${output()}`);
}

const healthy = async () => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok;
  } catch {
    return false;
  }
};

/** A registration whose body arrives in two halves; `finish()` sends the rest and resolves with the answer. */
function slowRegistration(email: string) {
  const body = JSON.stringify({ first_name: 'Slow', last_name: 'Sender', email, password: 'Sturdy-bridge-31' });
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/auth/register',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, half));
  return {
    /** Resolves with how the request ended if its client never sends the rest. */
    abandoned: answer.then(
      (response) => `answered ${response.status}`,
      (error: NodeJS.ErrnoException) => `cut off (${error.code ?? error.message})`,
    ),
    finish() {
      request.end(body.slice(half));
      return answer;
    },
  };
}

/** True when a new TCP connection to the server is refused. */
const connectionRefused = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

describe('graceful shutdown', () => {
  it('finishes requests in flight at SIGTERM with 2xx, cuts off stragglers after the drain, then closes the database and exits 0', async () => {
    // Long enough for the slow requests on a busy machine; the straggler is what waits it out.
    const server = startServer(8);
    await until(healthy, 'the server to start', server.output);

    const inFlight = [1, 2, 3].map((n) => slowRegistration(`slow.${n}.${Date.now()}@example.org`));
    const straggler = slowRegistration(`straggler.${Date.now()}@example.org`);
    // Let the server see the requests start before it is told to stop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await until(() => server.output().includes('SIGTERM received'), 'the server to take the signal', server.output);

    // New connections are refused (a request on a connection already open would still be answered).
    expect(await connectionRefused()).toBe(true);

    const answers = await Promise.all(inFlight.map((request) => request.finish()));
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(201);
      expect(JSON.parse(answer.body).user.email).toMatch(/^slow\./);
    }
    // The straggler never sends the rest of its body: it is cut off, and the shutdown still completes cleanly.
    expect(await straggler.abandoned).toMatch(/^cut off/);
    expect(await exited(server.child)).toBe(0);
    expect(server.output()).toContain('closing their connections');
    expect(server.output()).not.toMatch(/Cannot use a pool after calling end|unhandled error/);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 180_000);
});

describe('graceful shutdown, client already gone', () => {
  it('lets a handler whose client hung up finish with the database before closing it', async () => {
    // Google's key endpoint answers only when told to, holding a sign-in handler mid-way.
    const google = await startLocalJwks();
    let keysAsked: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      keysAsked = resolve;
    });
    let releaseKeys: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      releaseKeys = resolve;
    });
    const heldKeys = http.createServer(async (_request, response) => {
      keysAsked();
      await released;
      const keys = await (await fetch(google.jwksUrl)).text();
      response.writeHead(200, { 'content-type': 'application/json' }).end(keys);
    });
    await new Promise<void>((resolve) => heldKeys.listen(0, '127.0.0.1', resolve));
    const clientId = 'shutdown-test.apps.googleusercontent.com';
    const server = startServer(10, {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${(heldKeys.address() as net.AddressInfo).port}/certs`,
    });
    try {
      await until(healthy, 'the server to start', server.output);
      const email = `gone.${Date.now()}@example.org`;
      const token = await google.signIdToken({ aud: clientId, sub: `google-${Date.now()}`, email, given_name: 'Gone' });
      const body = JSON.stringify({ token });
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/auth/google',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.on('error', () => {});
      request.end(body);
      await asked;
      // The visitor closes the tab while the server checks the token; then the server is told to stop.
      request.destroy();
      server.child.kill('SIGTERM');
      await until(() => server.output().includes('SIGTERM received'), 'the server to take the signal', server.output);
      await until(connectionRefused, 'the server to stop accepting', server.output);
      releaseKeys();

      expect(await exited(server.child)).toBe(0);
      expect(server.output()).not.toMatch(/Cannot use a pool after calling end|unhandled error/);
    } finally {
      releaseKeys();
      server.child.kill('SIGKILL');
      heldKeys.close();
      await google.close();
    }
  }, 180_000);
});

/** A raw keep-alive connection that writes requests as given (pipelined) and parses the answers. */
function keepAliveConnection() {
  const socket = net.connect(port, '127.0.0.1').setNoDelay(true);
  const answers: { status: number; close: boolean; body: string }[] = [];
  let buffer = Buffer.alloc(0);
  let ended = '';
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString();
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      answers.push({
        status: Number(head.split(' ')[1]),
        close: /\r\nconnection: *close/i.test(head),
        body: buffer.subarray(end + 4, end + 4 + length).toString(),
      });
      buffer = buffer.subarray(end + 4 + length);
    }
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    ended ||= error.code ?? error.message;
  });
  socket.on('close', () => {
    ended ||= 'closed';
  });
  return {
    socket,
    answers,
    connected: new Promise((resolve) => socket.once('connect', resolve)),
    ended: () => ended,
    /** Writes `paths` as pipelined GET requests in one write, after `before` (the rest of a body). */
    pipeline(paths: string[], before = '') {
      socket.write(before + paths.map((p) => `GET ${p} HTTP/1.1\r\nHost: shutdown-test\r\n\r\n`).join(''));
    },
  };
}

describe('draining keep-alive connections', () => {
  it('answers every request already sent on an open connection, pipelined or still arriving, is not ready meanwhile, and exits once idle', async () => {
    // A drain limit far beyond what an idle server needs: the exit must come well before it.
    const server = startServer(30);
    try {
      await until(healthy, 'the server to start', server.output);
      const connections = Array.from({ length: 7 }, keepAliveConnection);
      await Promise.all(connections.map((c) => c.connected));
      // Established keep-alive connections, as a load balancer holds them.
      for (const c of connections) c.pipeline(['/api/v1/health/ready']);
      await until(() => connections.every((c) => c.answers.length === 1), 'the first answers', server.output);
      expect(connections.map((c) => c.answers[0]?.status)).toEqual(Array(7).fill(200));

      const paths = ['/api/v1/health', '/api/v1/products?page=1', '/api/v1/settings/public', '/api/v1/health/live'];
      const nine = Array.from({ length: 9 }, (_, i) => paths[i % paths.length] as string);
      const [c0, c1, c2, c3, slow, late, probe] = connections;
      // A registration whose body is half sent at the signal; the rest and 8 pipelined requests follow it.
      const body = JSON.stringify({
        first_name: 'Slow',
        last_name: 'Sender',
        email: `drain.${Date.now()}@example.org`,
        password: 'Sturdy-bridge-31',
      });
      const half = Math.floor(body.length / 2);
      slow?.socket.write(
        `POST /api/v1/auth/register HTTP/1.1\r\nHost: shutdown-test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      // 36 requests pipelined on four connections as the signal comes: some are answered after it.
      for (const c of [c0, c1, c2, c3]) c?.pipeline(nine);
      server.child.kill('SIGTERM');
      const signalled = Date.now();
      await until(() => server.output().includes('SIGTERM received'), 'the server to take the signal', server.output);
      // The load balancer's next probe on its open connection: not ready.
      probe?.pipeline(['/api/v1/health/ready']);
      slow?.pipeline(nine.slice(1), body.slice(half));
      // An idle connection that sends 9 requests after the signal, not knowing yet.
      late?.pipeline(nine);

      const exitCode = await exited(server.child);
      const exitedAfterMs = Date.now() - signalled;
      await new Promise((resolve) => setTimeout(resolve, 100));

      for (const c of [c0, c1, c2, c3, late]) {
        expect(c?.answers.slice(1).map((a) => a.status)).toEqual(Array(9).fill(200));
      }
      expect(slow?.answers.map((a) => a.status)).toEqual([200, 201, ...Array(8).fill(200)]);
      expect(probe?.answers[1]).toMatchObject({ status: 503 });
      expect(JSON.parse(probe?.answers[1]?.body ?? '{}')).toMatchObject({ code: 'SERVICE_UNAVAILABLE', detail: 'Shutting down' });
      // The last answer on a connection used after the signal tells its client to go elsewhere; every
      // connection is closed cleanly (the idle ones once the server is idle).
      for (const c of [slow, late, probe]) expect(c?.answers.at(-1)?.close).toBe(true);
      expect(connections.map((c) => c.ended())).toEqual(Array(7).fill('closed'));
      expect(exitCode).toBe(0);
      expect(exitedAfterMs).toBeLessThan(10_000);
      expect(server.output()).not.toContain('closing their connections');
      expect(server.output()).not.toMatch(/Cannot use a pool after calling end|unhandled error/);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 180_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}
