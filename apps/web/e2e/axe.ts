import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe on a page, the same rules and the same verdicts as `new AxeBuilder({ page })…analyze()`, but
 * cheaper: AxeBuilder sends axe's 600 kB source into the page on every call, runs it in parts and
 * then opens a blank page in the context, injects axe there too and merges the parts in it (that
 * is how it reaches cross-origin frames). Here axe is injected once per document and run where it
 * is, in one call; checking a page in four themes injects it once instead of eight times and opens
 * no extra page. Only violations are collected in full (`resultTypes`); passes and incomplete
 * results, which no journey reads, keep one example node each. A page with frames goes through
 * AxeBuilder, as before, so the frames are checked as they always were.
 */

export interface AxeCheck {
  /** Rule tags to run (AxeBuilder#withTags). */
  tags?: string[];
  /** Rule ids to run (AxeBuilder#withRules). */
  rules?: string[];
  /** Selectors to check (AxeBuilder#include); the whole page when none. */
  include?: string[];
  /** Selectors to leave out (AxeBuilder#exclude). */
  exclude?: string[];
}

type Violation = axe.Result;

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

function runOnly(check: AxeCheck): axe.RunOptions['runOnly'] | undefined {
  if (check.rules) return { type: 'rule', values: check.rules };
  if (check.tags) return { type: 'tag', values: check.tags };
  return undefined;
}

async function withAxeBuilder(page: Page, check: AxeCheck): Promise<Violation[]> {
  const builder = new AxeBuilder({ page });
  for (const selector of check.include ?? []) builder.include(selector);
  for (const selector of check.exclude ?? []) builder.exclude(selector);
  if (check.rules) builder.withRules(check.rules);
  else if (check.tags) builder.withTags(check.tags);
  return (await builder.analyze()).violations;
}

/** The axe violations on the page as it is now. */
export async function axeViolations(page: Page, check: AxeCheck = {}): Promise<Violation[]> {
  if (page.frames().length > 1) return withAxeBuilder(page, check);
  const injected = await page.evaluate(() => typeof window.axe?.run === 'function');
  if (!injected) {
    await page.evaluate(
      `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`,
    );
  }
  const context = { include: check.include ?? [], exclude: check.exclude ?? [] };
  const only = runOnly(check);
  const options: axe.RunOptions = { resultTypes: ['violations'], ...(only ? { runOnly: only } : {}) };
  const outcome = await page.evaluate(
    async ({ context, options }) => {
      try {
        return { violations: (await (window.axe as typeof axe).run(context, options)).violations, error: null };
      } catch (error) {
        return { violations: null, error: (error as Error).message };
      }
    },
    { context, options },
  );
  if (outcome.error !== null) throw new Error(`axe: ${outcome.error}`);
  return outcome.violations as Violation[];
}

/**
 * WCAG 2 A/AA violations on the page as it is, one line per rule naming where, for a journey's
 * `expect(…).toEqual([])`. Toasts are left out: they fade in and out, and measured half-way their
 * text fails contrast. `seriousOnly`: serious and critical ones only; `include`: one part of the page.
 */
export async function wcagViolations(
  page: Page,
  { include, seriousOnly = false }: { include?: string[]; seriousOnly?: boolean } = {},
): Promise<string[]> {
  const violations = await axeViolations(page, {
    exclude: ['[data-sonner-toaster]'],
    tags: ['wcag2a', 'wcag2aa'],
    ...(include ? { include } : {}),
  });
  return violations
    .filter((v) => !seriousOnly || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
