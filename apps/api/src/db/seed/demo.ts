import type { Storage } from '../../lib/storage';
import type { Database } from '../client';
import { seedDemoAccounts } from './accounts';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoForum } from './forum';
import { seedPromoCodes } from './promos';
import { seedDemoSettings } from './settings';

/**
 * Everything the embedded default (`npm start`) and `npm run seed` put in a fresh database: the
 * README's accounts, the catalogue with its orders and reviews, forum threads, contact details and
 * promo codes. Missing demo accounts are added; the rest only into a database without products.
 */
export async function seedDemo(db: Database, storage: Storage): Promise<{ accounts: number; products: number; threads: number }> {
  const accounts = await seedDemoAccounts(db);
  const products = await seedDemoCatalogue(db, storage);
  // The rest only with a fresh catalogue: a demo someone has been using keeps its own forum and settings.
  let threads = 0;
  if (products) {
    threads = await seedDemoForum(db);
    await seedDemoSettings(db);
    await seedPromoCodes(db);
  }
  return { accounts, products, threads };
}
