import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, launchBrowser, newPage, snap, uniqueEmail } from './browser';

/** The community forum and the newsletter's double opt-in, through the real storefront and server. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'Forum-lantern-73';

async function signInNewMember(page: Page, firstName: string): Promise<void> {
  const email = uniqueEmail('forum');
  const registered = await page.request.post('/api/v1/auth/register', {
    data: { first_name: firstName, last_name: 'Member', email, password: PASSWORD, newsletter_subscribed: false },
  });
  expect(registered.status()).toBe(201);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

describe('community forum', () => {
  it('lets a member post a thread, another reply, and both see it', async () => {
    const author = await newPage(browser);
    await signInNewMember(author.page, 'Ada');
    await author.page.goto('/community');
    await author.page.getByRole('button', { name: 'Start a thread' }).click();
    const form = author.page.getByRole('form', { name: 'Start a thread' });
    const title = `Exporting prompts ${Date.now().toString(36)}`;
    await form.getByLabel('Category').selectOption({ label: 'Product help' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Message').fill('How do I **export** my prompts?\n\n<script>window.__pwned = 1</script>');
    await form.getByRole('button', { name: 'Post thread' }).click();
    await author.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const threadUrl = author.page.url();
    await expect.poll(() => author.page.locator('article strong', { hasText: 'export' }).count()).toBe(1);
    expect(await author.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    const replier = await newPage(browser);
    await signInNewMember(replier.page, 'Ray');
    await replier.page.goto('/community?category=product-help');
    await replier.page.getByRole('link', { name: title }).click();
    await replier.page.getByLabel('Message').fill('Use the _Export_ button in the pack.');
    await replier.page.getByRole('button', { name: 'Post reply' }).click();
    await replier.page.getByRole('article', { name: 'Reply by Ray M.' }).waitFor();
    await snap(replier.page, 'community-thread');

    await author.page.goto(threadUrl);
    const reply = author.page.getByRole('article', { name: 'Reply by Ray M.' });
    await reply.getByText('Export', { exact: true }).waitFor();
    await author.page.getByRole('heading', { name: '1 reply' }).waitFor();

    // The author was told about the reply.
    await author.page.getByRole('button', { name: 'Notifications' }).click();
    await author.page.getByText('New reply to your thread').first().waitFor();

    // Nothing in the forum's own content sticks out on a phone (the header is checked by its own test).
    await author.page.setViewportSize({ width: 360, height: 800 });
    await author.page.goto(threadUrl);
    await author.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const overflowing = await author.page.evaluate(() =>
      [...document.querySelectorAll('#main *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120)),
    );
    expect(overflowing).toEqual([]);

    await author.context.close();
    await replier.context.close();
  });
});

describe('newsletter', () => {
  it('subscribes from the footer, confirms through the e-mailed link and is confirmed', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('news');
    await page.goto('/');
    await page.getByLabel('Newsletter email').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Please check your inbox and click the link to confirm your subscription.').waitFor();

    const mail = await latestMailTo(email);
    expect(mail).toContain('Unsubscribe');
    const link = mail.match(/https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[A-Za-z0-9_.-]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link as string).pathname + new URL(link as string).search);
    await page.getByRole('heading', { name: "You're subscribed!" }).waitFor();
    await page.getByText(`${email} will receive our newsletter`, { exact: false }).waitFor();
    await snap(page, 'newsletter-confirmed');
    await context.close();
  });
});
