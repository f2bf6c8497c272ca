import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installNewVersionReload, isChunkLoadError, page, RELOAD_GUARD_MS, reloadIntoNewVersion } from './new-version-reload';
import { STORAGE_KEYS } from './storage-keys';

describe('reloading into a new deploy', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    window.sessionStorage.clear();
    reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
  });
  afterEach(() => {
    reload.mockRestore();
    window.sessionStorage.clear();
  });

  it('knows a missing build file in every browser, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://shop/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://shop/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, and not again within the guard, so a file missing in the new version too cannot loop', () => {
    const now = 1_800_000_000_000;
    expect(reloadIntoNewVersion(now)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.newVersionReload)).toBe(String(now));

    // The reloaded page fails the same way a moment later: no second reload.
    expect(reloadIntoNewVersion(now + 2_000)).toBe(false);
    expect(reloadIntoNewVersion(now + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    // The next deploy, much later, reloads again.
    expect(reloadIntoNewVersion(now + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when the tab cannot remember it did (storage blocked)', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      expect(reloadIntoNewVersion()).toBe(false);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      setItem.mockRestore();
    }
  });

  it("answers Vite's preload error by reloading and stopping the error, once", () => {
    const uninstall = installNewVersionReload(window);
    try {
      const first = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(first);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(first.defaultPrevented).toBe(true);

      // Within the guard the error goes on to the error screen.
      const second = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(second);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(second.defaultPrevented).toBe(false);
    } finally {
      uninstall();
    }
  });
});
