// Checks the OpenAPI document a client is generated from (part of `npm test`, no database or server needed):
// 1. writes it from the built app (apps/api/src/write-openapi.ts),
// 2. lints it with Spectral's OpenAPI rules (.spectral.yaml): any error or warning fails,
// 3. generates TypeScript types from it with openapi-typescript and compiles a small typed client against them.
// Exit code 0 when all three pass. Its files are left in test-results/openapi/ to look at.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the checkout (git-ignored), so the path overrides in .spectral.yaml match it.
const outDir = path.join(root, 'test-results/openapi');
const documentFile = path.join(outDir, 'openapi.json');
const bin = (file) => path.join(root, 'node_modules', file);

function step(label, args) {
  console.log(`[openapi] ${label}`);
  return spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status === 0;
}

export function checkOpenApi() {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  fs.copyFileSync(path.join(root, 'scripts/lib/openapi-client.ts'), path.join(outDir, 'client.ts'));
  return (
    step('write the document', ['--conditions=@app/source', '--import', 'tsx', 'apps/api/src/write-openapi.ts', documentFile]) &&
    step('Spectral lint (spectral:oas): no errors, no warnings', [
      bin('@stoplight/spectral-cli/dist/index.js'),
      'lint',
      '--ruleset',
      '.spectral.yaml',
      '--fail-severity',
      'warn',
      '--quiet',
      documentFile,
    ]) &&
    step('openapi-typescript', [bin('openapi-typescript/bin/cli.js'), documentFile, '--output', path.join(outDir, 'api.d.ts')]) &&
    step('compile a typed client against the generated types', [
      bin('typescript/bin/tsc'),
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'esnext',
      '--moduleResolution',
      'bundler',
      '--lib',
      'es2022,dom',
      '--types',
      '',
      path.join(outDir, 'client.ts'),
    ])
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const ok = checkOpenApi();
  console.log(`[openapi] ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(ok ? 0 : 1);
}
