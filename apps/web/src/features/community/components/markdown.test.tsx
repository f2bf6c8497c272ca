import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, renderMarkdown } from './markdown';

describe('forum markdown', () => {
  it('renders formatting, lists and safe links', () => {
    const holder = document.createElement('div');
    holder.append(renderMarkdown('**bold** and _it_\n\n- one\n- two\n\n[docs](https://example.org/docs)'));
    const html = holder.innerHTML;
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('href="https://example.org/docs"');
    expect(html).toContain('rel="nofollow noopener noreferrer ugc"');
  });

  it('renders XSS payloads inert: no script, no handlers, no javascript: links, raw HTML shown as text', () => {
    const payload = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned = 2">',
      '[click](javascript:window.__pwned=3)',
      '![pic](javascript:alert(4))',
      '<a href="javascript:alert(5)">raw</a>',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n\n');
    const { container } = render(<Markdown source={payload} />);
    expect(container.querySelector('script, img, iframe, [onerror]')).toBeNull();
    for (const link of container.querySelectorAll('a')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    }
    expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
