import { type RefObject, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** What a press could land on. */
const INTERACTIVE = 'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
/** Room kept between the button and a control. */
const GAP = 8;
/** How long the page must be still before the button moves: it settles at rest, never chases a scroll. */
const SETTLE_MS = 120;

/**
 * How far to lift a fixed corner button (at `margin` px from the bottom) so that, with the page at
 * rest, it covers no control: the controls in its column (a Subscribe button, "Start selling", a
 * form field) are stepped over from the bottom up. Large blocks that are links as a whole (product
 * cards, taller than two buttons) stay clickable around it and are not stepped over. When no spot
 * is free in the lower half of the window the button stays in its corner.
 */
export function liftToClear(button: HTMLElement, margin: number): number {
  const size = button.offsetHeight;
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const left = viewportWidth - margin - button.offsetWidth - GAP;
  const right = viewportWidth - margin + GAP;
  const obstacles: DOMRect[] = [];
  for (const element of document.querySelectorAll(INTERACTIVE)) {
    if (button.contains(element) || element.closest('[data-sonner-toaster]')) continue;
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || box.height > 2 * size) continue;
    if (box.right <= left || box.left >= right || box.bottom <= 0 || box.top >= viewportHeight) continue;
    obstacles.push(box);
  }
  let bottom = viewportHeight - margin;
  while (viewportHeight - margin - bottom <= viewportHeight / 2) {
    const top = bottom - size;
    const hit = obstacles.find((box) => box.top < bottom + GAP && box.bottom > top - GAP);
    if (!hit) return Math.round(viewportHeight - margin - bottom);
    bottom = hit.top - GAP;
  }
  return 0;
}

/**
 * The lift (px) for the chat button, worked out again whenever the page comes to rest: after a
 * scroll, a resize, a change of route or of the page's height (content arriving). `docked`: the
 * chat is open, its panel sits just above the corner and the button (now its close button) with it.
 */
export function useClearSpot(button: RefObject<HTMLElement | null>, margin: number, docked: boolean): number {
  const [lift, setLift] = useState(0);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route is new content to clear
  useEffect(() => {
    if (docked) {
      setLift(0);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      if (button.current) setLift(liftToClear(button.current, margin));
    };
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, SETTLE_MS);
    };
    // The first measure also waits for rest: on a page's first render it would otherwise force a
    // layout of the whole new page in the middle of the app taking over (a long task on phones).
    settle();
    window.addEventListener('scroll', settle, { passive: true });
    window.addEventListener('resize', settle);
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(settle) : undefined;
    resized?.observe(document.body);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', settle);
      window.removeEventListener('resize', settle);
      resized?.disconnect();
    };
  }, [button, margin, docked, pathname]);
  return lift;
}
