import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, it } from 'vitest';

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));

/** The project runs on Node 22 or later (engines; it brings Node 24 itself), so no installed package may ask for a newer one. */
it('installs only packages whose engines accept the Node version the project supports', () => {
  const oldestSupported = semver.minVersion(read('package.json').engines.node)?.version as string;
  expect(oldestSupported.startsWith('22.')).toBe(true);
  const packages = Object.entries(read('package-lock.json').packages as Record<string, { engines?: { node?: string } }>);
  const refusing = packages
    .filter(([where, info]) => where && info.engines?.node && !semver.satisfies(oldestSupported, info.engines.node))
    .map(([where, info]) => `${where} needs node ${info.engines?.node}`);
  expect(packages.length).toBeGreaterThan(100);
  expect(refusing).toEqual([]);
});
