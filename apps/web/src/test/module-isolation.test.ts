import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/** Test files of the storefront, relative to src/. */
function testFiles(dir: string, root = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full, root);
    return /\.test\.tsx?$/.test(entry.name) ? [path.relative(root, full)] : [];
  });
}

it('keeps module mocks to *.isolated.test files: the other test files share one module graph, which a mock would reach', () => {
  const src = path.resolve(import.meta.dirname, '..');
  const mocking = testFiles(src).filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(src, file), 'utf8')));
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking.filter((file) => !/\.isolated\.test\.tsx?$/.test(file))).toEqual([]);
});
