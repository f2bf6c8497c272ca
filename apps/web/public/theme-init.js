// Applies the remembered display preferences before first paint so a dark page never flashes white
// and text never jumps size. The server's first-painted pages carry it inline, allowed by its hash in
// the Content-Security-Policy (apps/api/src/modules/storefront/service.ts); index.html loads it as a
// file. lib/preferences applies the same classes.
(() => {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem('themePreferences') || '{}') || {};
  } catch {}
  const root = document.documentElement;
  const media = (query) => Boolean(window.matchMedia?.(query).matches);
  let theme = stored.currentTheme;
  if (theme !== 'light' && theme !== 'dark') theme = media('(prefers-color-scheme: dark)') ? 'dark' : 'light';
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  const sizes = { small: 14, medium: 16, large: 18, 'extra-large': 20 };
  if (sizes[stored.fontSize]) root.style.fontSize = `${sizes[stored.fontSize]}px`;
  root.classList.toggle('high-contrast', stored.highContrast === true);
  root.classList.toggle('compact', stored.compactMode === true);
  const reduce =
    typeof stored.reducedMotion === 'boolean'
      ? stored.reducedMotion || stored.animations === false
      : stored.animations === false || media('(prefers-reduced-motion: reduce)');
  root.classList.toggle('reduce-motion', reduce);
  const languages = ['en', 'es', 'fr', 'de', 'zh', 'ja'];
  const guess = (navigator.languages || [navigator.language]).map((tag) => String(tag).toLowerCase().split('-')[0]);
  const language = languages.includes(stored.language) ? stored.language : guess.find((code) => languages.includes(code));
  if (language) root.lang = language;
  // The server writes the next page's first paint in this language (lib/i18n.ts sets it on a switch too).
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous, before the first paint, in every browser (the Cookie Store API is neither)
  if (language) document.cookie = `lang=${language}; path=/; max-age=31536000; samesite=lax`;
})();
