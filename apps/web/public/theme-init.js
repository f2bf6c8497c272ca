// Applies the remembered display preferences before first paint so a dark page never flashes white
// and text never jumps size. A file rather than an inline script so the server's
// Content-Security-Policy (script-src 'self') allows it. lib/preferences applies the same classes.
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
})();
