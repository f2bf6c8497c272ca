import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalJwks } from '../test/google';

/**
 * SIGTERM during requests that are still arriving: the server stops taking new connections,
 * lets those requests finish (they still need the database), and only then closes the pool.
 */

const serverEntry = path.resolve(__dirname, 'server.ts');
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-shutdown-'));
  port = await freePort();
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The real server on its embedded PostgreSQL, allowed `drainSeconds` to finish requests at SIGTERM. */
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

    const refused = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);

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
      await until(
        () =>
          fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
            () => false,
            () => true,
          ),
        'the server to stop accepting',
        server.output,
      );
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
