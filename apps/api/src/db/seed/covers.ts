import type { CategorySlug } from '@app/shared';

/** Product images drawn at seed time from the title and category: nothing is fetched. */

const PALETTES: Record<CategorySlug, [string, string]> = {
  'ai-tools': ['#4f46e5', '#9333ea'],
  scripts: ['#0f766e', '#0284c7'],
  datasets: ['#b45309', '#db2777'],
  apis: ['#1d4ed8', '#0891b2'],
  'ml-modules': ['#7c3aed', '#c026d3'],
  'prompt-packs': ['#be123c', '#ea580c'],
  models: ['#15803d', '#0d9488'],
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + word).length > width && line) {
      lines.push(line.trim());
      line = '';
    }
    line += `${word} `;
  }
  if (line.trim()) lines.push(line.trim());
  return lines.slice(0, 3);
}

export function coverSvg(title: string, categoryName: string, category: CategorySlug, variant: 'cover' | 'detail'): string {
  const [from, to] = PALETTES[category];
  const lines = wrap(title, 22);
  const heading = lines
    .map(
      (line, i) => `<text x="56" y="${210 + i * 58}" font-size="48" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  const decoration =
    variant === 'cover'
      ? '<circle cx="690" cy="110" r="150" fill="#ffffff" opacity="0.10"/><circle cx="760" cy="430" r="110" fill="#ffffff" opacity="0.08"/>'
      : '<rect x="470" y="300" width="280" height="150" rx="18" fill="#ffffff" opacity="0.12"/><rect x="500" y="330" width="180" height="14" rx="7" fill="#ffffff" opacity="0.5"/><rect x="500" y="360" width="220" height="14" rx="7" fill="#ffffff" opacity="0.35"/><rect x="500" y="390" width="140" height="14" rx="7" fill="#ffffff" opacity="0.25"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500" font-family="Inter, system-ui, -apple-system, Segoe UI, sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="800" height="500" fill="url(#g)"/>${decoration}
<rect x="56" y="64" width="${categoryName.length * 13 + 40}" height="40" rx="20" fill="#ffffff" opacity="0.18"/>
<text x="76" y="91" font-size="20" font-weight="600" fill="#ffffff">${escapeXml(categoryName)}</text>
${heading}
<text x="56" y="452" font-size="20" fill="#ffffff" opacity="0.8">${variant === 'cover' ? 'AI Marketplace' : 'What you get'}</text>
</svg>`;
}
