// Checks the OpenAPI document a client is generated from (part of `npm test`, no database or server needed):
// 1. writes it from the built app (apps/api/src/write-openapi.ts),
// 2. lints it with Spectral's OpenAPI rules (.spectral.yaml): any error or warning fails,
// 3. generates TypeScript types from it with openapi-typescript and compiles a small typed client against them.
// Exit code 0 when all three pass. Its files are left in test-results/openapi/ to look at.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the checkout (git-ignored), so the path overrides in .spectral.yaml match it.
const outDir = path.join(root, 'test-results/openapi');
const documentFile = path.join(outDir, 'openapi.json');
const bin = (file) => path.join(root, 'node_modules', file);
/** Strict, browser-like, and no @types from the checkout: the client needs only the generated file. */
const CLIENT_TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['es2022', 'dom'],
    types: [],
    skipLibCheck: false,
  },
  files: ['client.ts'],
};

async function step(label, args) {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
  const ok = await new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
  console.log(`[openapi] ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

export async function checkOpenApi() {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  fs.copyFileSync(path.join(root, 'scripts/lib/openapi-client.ts'), path.join(outDir, 'client.ts'));
  fs.writeFileSync(path.join(outDir, 'tsconfig.json'), JSON.stringify(CLIENT_TSCONFIG, null, 2));
  const written = await step('write the document', [
    '--conditions=@app/source',
    '--import',
    'tsx',
    'apps/api/src/write-openapi.ts',
    documentFile,
  ]);
  if (!written) return false;
  // Both only read the document: run them side by side.
  const [linted, typed] = await Promise.all([
    step('Spectral lint (spectral:oas), no errors and no warnings', [
      bin('@stoplight/spectral-cli/dist/index.js'),
      'lint',
      '--ruleset',
      '.spectral.yaml',
      '--fail-severity',
      'warn',
      '--quiet',
      documentFile,
    ]),
    step('openapi-typescript', [bin('openapi-typescript/bin/cli.js'), documentFile, '--output', path.join(outDir, 'api.d.ts')]),
  ]);
  return linted && typed && step('compile a typed client against the generated types', [bin('typescript/bin/tsc'), '-p', outDir]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const ok = await checkOpenApi();
  console.log(`[openapi] ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(ok ? 0 : 1);
}
