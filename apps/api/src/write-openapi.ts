import fs from 'node:fs';
import { buildOpenApiDocument } from './openapi-document';

/** Writes the OpenAPI document to a file (scripts/openapi-check.mjs). Usage: write-openapi.ts <out.json> */
const outFile = process.argv[2];
if (!outFile) throw new Error('usage: write-openapi.ts <out.json>');
fs.writeFileSync(outFile, `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`);
