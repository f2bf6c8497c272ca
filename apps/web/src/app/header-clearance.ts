import { useEffect, useState } from 'react';

/** The layout's own header (site, admin, sign-in pages); a page's headings-in-a-header live inside <main>. */
const LAYOUT_HEADER = 'body header:not(main header)';

/**
 * How tall the layout's header is (it is sticky at the top, so that is where it ends), kept current
 * as the header wraps, grows a search row or changes with the layout. 0 when there is none.
 */
export function useHeaderClearance(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    let watched: HTMLElement | null = null;
    let frame = 0;
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => schedule()) : null;
    const measure = () => {
      frame = 0;
      const header = document.querySelector<HTMLElement>(LAYOUT_HEADER);
      if (header !== watched) {
        if (watched) resize?.unobserve(watched);
        if (header) resize?.observe(header);
        watched = header;
      }
      setHeight(header ? header.offsetHeight : 0);
    };
    function schedule() {
      if (frame === 0) frame = requestAnimationFrame(measure);
    }
    // Layouts change on navigation: look again whenever the page's elements change.
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    measure();
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      mutations.disconnect();
      resize?.disconnect();
    };
  }, []);
  return height;
}
