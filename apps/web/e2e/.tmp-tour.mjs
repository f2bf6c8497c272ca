import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:41950';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function tour(name, viewport, login, paths) {
  const context = await browser.newContext({ viewport, baseURL: base });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console ${m.text()}`); });
  if (login) {
    await page.goto(login.path);
    await page.getByLabel('Email').fill(login.email);
    await page.getByLabel('Password', { exact: true }).fill(login.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  }
  for (const [label, path] of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/${name}-${label}.png`, fullPage: false });
  }
  console.log(name, errors.length ? errors.slice(0, 5) : 'no errors');
  await context.close();
}
const products = await (await fetch(`${base}/api/v1/products/?limit=3`)).json();
const id = products.products[0].id;
await tour('visitor-m', { width: 390, height: 844 }, null, [['home', '/'], ['products', '/products'], ['search', '/products?search=promt%20engeneering'], ['product', `/products/${id}`], ['community', '/community']]);
await tour('buyer-d', { width: 1280, height: 900 }, { path: '/login', email: 'buyer@example.com', password: 'Buyer-demo-2026' }, [['home', '/'], ['products', '/products?category=datasets&sort_by=price'], ['product', `/products/${id}`], ['orders', '/orders'], ['profile', '/profile']]);
await tour('seller-d', { width: 1280, height: 900 }, { path: '/login', email: 'seller@example.com', password: 'Seller-demo-2026' }, [['dashboard', '/seller']]);
await tour('admin-d', { width: 1280, height: 900 }, { path: '/admin/login', email: 'admin@example.com', password: 'Admin-demo-2026' }, [['admin', '/admin'], ['orders', '/admin/orders']]);
await browser.close();
