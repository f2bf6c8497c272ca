import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

const days = (values: number[]) => values.map((value, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, value }));

describe('the bar chart', () => {
  it('labels its scale from 0 to the highest day', () => {
    const { container } = render(<BarChart title="Paid orders per day" data={days([0, 3, 1])} />);
    const scale = container.querySelector('[aria-hidden] > span')?.parentElement;
    expect([...(scale?.children ?? [])].map((label) => label.textContent)).toEqual(['3', '0']);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('3');
  });

  it('shows one 0, not a scale from 0 to 0, for a period without any', () => {
    const { container } = render(<BarChart title="New users per day" data={days([0, 0, 0])} />);
    const scale = container.querySelector('[aria-hidden] > span')?.parentElement;
    expect([...(scale?.children ?? [])].map((label) => label.textContent)).toEqual(['', '0']);
    expect(container.querySelectorAll('rect[height="0"]')).toHaveLength(3);
  });
});
