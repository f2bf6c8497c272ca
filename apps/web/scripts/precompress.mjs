// Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the build, once,
// so the server sends them as they are (@fastify/static `preCompressed`) instead of compressing
// each answer or sending 900 kB of scripts raw. Run after `vite build` (the `build` script does).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = resolve(fileURLToPath(import.meta.url), '../../dist');
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
// Below this a compressed copy saves less than the headers it adds.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (TEXT.test(entry.name) && statSync(file).size >= MIN_BYTES) yield file;
  }
}

let raw = 0;
let brotli = 0;
let count = 0;
for (const file of files(dist)) {
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  brotli += br.length;
  count += 1;
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} kB → ${(brotli / 1024).toFixed(0)} kB brotli`);
