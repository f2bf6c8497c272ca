// Applies the remembered theme before first paint so a dark page never flashes white. A file rather
// than an inline script so the server's Content-Security-Policy (script-src 'self') allows it.
(() => {
  let theme;
  try {
    theme = JSON.parse(localStorage.getItem('themePreferences') || '{}').currentTheme;
  } catch {}
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
})();
