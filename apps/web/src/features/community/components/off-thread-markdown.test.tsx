import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarkdownRequest } from './markdown.worker';
import { markdownToHtml } from './markdown-html';

const SOURCE = '# Setup\n\nRun **it**.\n\n<script>window.__pwned = 1</script>\n\n[bad](javascript:alert(1))';

/** A worker answering as markdown.worker.ts does, in the same thread (jsdom has no workers). */
class FakeWorker extends EventTarget {
  static started = 0;
  constructor() {
    super();
    FakeWorker.started += 1;
  }
  postMessage({ id, source }: MarkdownRequest) {
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data: { id, html: markdownToHtml(source) } })));
  }
  terminate() {}
}

/** A worker whose script cannot load: it answers nothing and reports an error. */
class BrokenWorker extends EventTarget {
  postMessage() {
    queueMicrotask(() => this.dispatchEvent(new Event('error', { cancelable: true })));
  }
  terminate() {}
}

async function renderDescription() {
  // The worker is started once per page load: a fresh copy of the module for each test.
  const { OffThreadMarkdown } = await import('./off-thread-markdown');
  return render(
    <section aria-label="Description">
      <OffThreadMarkdown source={SOURCE} topHeadingLevel={3} fallback={<p>plain text</p>} />
    </section>,
  );
}

function expectSafeMarkdown(container: HTMLElement) {
  expect(container.querySelector('script, [onerror]')).toBeNull();
  expect(container.querySelector('strong')?.textContent).toBe('it');
  for (const link of container.querySelectorAll('a')) expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
  expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
}

describe('markdown parsed off the main thread', () => {
  beforeEach(() => {
    vi.resetModules();
    FakeWorker.started = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the fallback, then the worker’s markdown sanitised and with its headings placed', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { container } = await renderDescription();
    expect(screen.getByText('plain text')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Setup' })).toBeTruthy();
    expect(screen.queryByText('plain text')).toBeNull();
    expectSafeMarkdown(container);
    expect(FakeWorker.started).toBe(1);
  });

  it('renders on the main thread, as safely, when the worker fails to load', async () => {
    vi.stubGlobal('Worker', BrokenWorker);
    const { container } = await renderDescription();
    expect(await screen.findByRole('heading', { level: 3, name: 'Setup' })).toBeTruthy();
    expectSafeMarkdown(container);
  });

  it('renders on the main thread where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const { container } = await renderDescription();
    expect(await screen.findByRole('heading', { level: 3, name: 'Setup' })).toBeTruthy();
    expectSafeMarkdown(container);
  });
});
