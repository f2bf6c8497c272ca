import { defineProject } from 'vitest/config';
import { ISOLATED_FILES, webProject } from './vitest.config';

/** The component tests that replace modules (vi.mock): a fresh module graph per file, so no mock reaches another file. */
export default defineProject(webProject({ name: 'web-isolated', include: [ISOLATED_FILES], isolate: true }));
