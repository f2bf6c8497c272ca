// `npm run seed -- --products 100000`: add a large synthetic catalogue to the configured database
// (the embedded one under DATA_DIR unless DATABASE_URL is set). Demo data is seeded first.
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { createStorage } from '../../deps';
import { createDatabase } from '../client';
import { prepareDatabase } from '../setup';
import { seedBulkCatalogue } from './bulk';
import { seedDemo } from './demo';

const { values } = parseArgs({ options: { products: { type: 'string', default: '0' } } });
const total = Number.parseInt(values.products ?? '0', 10);
if (!Number.isInteger(total) || total < 0 || total > 5_000_000) {
  console.error('Usage: npm run seed -- --products <count up to 5,000,000>');
  process.exit(2);
}

const log = (message: string) => console.log(`[seed] ${message}`);
const config = loadConfig();
if (config.env === 'production') {
  // Demo accounts have published passwords.
  console.error('Refusing to seed demo data with NODE_ENV=production.');
  process.exit(2);
}
const database = await prepareDatabase(config, log);
const db = createDatabase(database.url);
try {
  // Only the storage: the app's other parts (the search index's thread among them) would keep this process alive.
  const storage = createStorage(config);
  // All of the demo, as `npm start` seeds it (promo codes and forum included), before the bulk products.
  await seedDemo(db, storage);
  if (total > 0) await seedBulkCatalogue(db, storage, total, log);
} finally {
  await db.$client.end();
  await database.embedded?.stop();
}
