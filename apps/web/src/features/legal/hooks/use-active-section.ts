import { LEGAL } from '@app/shared';
import { useCallback, useEffect, useState } from 'react';

/**
 * The section at the top of the viewport (spec §2 Legal pages): the last one whose top has
 * passed the detection line `offsetPx` below the window's top; the last section once the page
 * is scrolled to its end (it may be too short to ever reach the line).
 */
export function useActiveSection(ids: readonly string[], offsetPx: number = LEGAL.sectionDetectionPx) {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  const key = ids.join('|');

  const detect = useCallback(() => {
    const list = key.split('|');
    let current = list[0] ?? null;
    for (const id of list) {
      const top = document.getElementById(id)?.getBoundingClientRect().top;
      if (top !== undefined && top - offsetPx <= 0) current = id;
    }
    const page = document.documentElement;
    const scrollable = page.scrollHeight > window.innerHeight;
    if (scrollable && window.scrollY > 0 && window.innerHeight + window.scrollY >= page.scrollHeight - 2) {
      current = list.at(-1) ?? current;
    }
    setActive(current);
  }, [key, offsetPx]);

  useEffect(() => {
    detect();
    window.addEventListener('scroll', detect, { passive: true });
    window.addEventListener('resize', detect);
    return () => {
      window.removeEventListener('scroll', detect);
      window.removeEventListener('resize', detect);
    };
  }, [detect]);

  return [active, setActive] as const;
}
