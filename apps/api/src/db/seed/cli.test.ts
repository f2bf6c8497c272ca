import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ProcessDatabase, processDatabase } from '../../../test/process-database';

const cli = path.resolve(__dirname, 'cli.ts');
let dataDir: string;
let database: ProcessDatabase;

beforeAll(async () => {
  database = await processDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-seed-'));
});

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

/** Runs `npm run seed -- …` as the README has it; resolves with its exit code and output, or the output so far after `ms`. */
function seed(args: string[], ms: number): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--conditions=@app/source', '--import', 'tsx', cli, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...database.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: null, output });
    }, ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

it('seeds a bulk catalogue and exits once it is done, rather than staying up with nothing to do', async () => {
  const { code, output } = await seed(['--products', '300'], 60_000);
  expect(output).toContain('[seed] bulk catalogue seeded');
  expect(code, output).toBe(0);
}, 70_000);

it('refuses a count past 5,000,000 with the usage line', async () => {
  const { code, output } = await seed(['--products', '5000001'], 30_000);
  expect(output).toContain('Usage: npm run seed -- --products <count up to 5,000,000>');
  expect(code).toBe(2);
}, 40_000);
