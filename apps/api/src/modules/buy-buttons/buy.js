/*! Marketplace buy buttons v1 (decision 0047). Frozen: a change is a new version (/embed/v2/buy.js). */
(() => {
  const script = document.currentScript;
  if (!script?.src || window.__marketplaceBuy) return;
  const shop = new URL(script.src).origin;
  window.__marketplaceBuy = shop;
  const PRODUCT_PATH = /^\/products\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
  const LANG = /^[a-z]{2}$/;
  const CLOSE = { en: 'Close', es: 'Cerrar', fr: 'Fermer', de: 'Schließen', zh: '关闭', ja: '閉じる' };
  let open = null;

  /** The product id of a buy link of this shop, else null (any other link is left alone). */
  function productOf(link) {
    if (!link.hasAttribute('data-marketplace-buy')) return null;
    let url;
    try {
      url = new URL(link.href);
    } catch {
      return null;
    }
    if (url.origin !== shop) return null;
    const match = PRODUCT_PATH.exec(url.pathname);
    return match ? match[1].toLowerCase() : null;
  }

  function styles(element, values) {
    // CSSOM, not style attributes or <style>: the host page's CSP may refuse inline styles.
    for (const name of Object.keys(values)) element.style.setProperty(name, values[name]);
  }

  function close() {
    if (!open) return;
    const { dialog, link } = open;
    open = null;
    window.removeEventListener('message', onMessage);
    if (dialog.open) dialog.close();
    dialog.remove();
    if (link?.isConnected) link.focus();
  }

  function onMessage(event) {
    // Only the overlay's own frame, from the shop's origin, speaks to us.
    if (!open || event.origin !== shop || event.source !== open.frame.contentWindow) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
    if (data.type === 'marketplace:resize' && typeof data.height === 'number' && data.height > 0) {
      styles(open.frame, { height: `${Math.min(Math.ceil(data.height), 2000)}px` });
    } else if (data.type === 'marketplace:close') {
      close();
    } else if (data.type === 'marketplace:purchased') {
      const detail = { productId: open.productId, orderNumber: String(data.order_number || '') };
      open.link.dispatchEvent(new CustomEvent('marketplace:purchased', { bubbles: true, detail }));
    }
  }

  function show(link, productId) {
    close();
    const lang = (document.documentElement.lang || navigator.language || '').slice(0, 2).toLowerCase();
    const src = new URL(`/embed/checkout/${productId}`, shop);
    src.searchParams.set('origin', window.location.origin);
    if (LANG.test(lang)) src.searchParams.set('lang', lang);

    const dialog = document.createElement('dialog');
    dialog.setAttribute('aria-label', link.getAttribute('data-marketplace-label') || link.textContent.trim() || 'Checkout');
    styles(dialog, {
      position: 'fixed',
      inset: '0',
      width: '100%',
      height: '100%',
      'max-width': 'none',
      'max-height': 'none',
      margin: '0',
      padding: '16px',
      border: '0',
      'box-sizing': 'border-box',
      background: 'rgba(15, 23, 42, 0.6)',
      overflow: 'auto',
    });
    const box = document.createElement('div');
    styles(box, {
      position: 'relative',
      margin: '24px auto',
      'max-width': '440px',
      background: '#fff',
      'border-radius': '12px',
      'box-shadow': '0 20px 50px rgba(0,0,0,.35)',
    });
    const closeButton = document.createElement('button');
    closeButton.type = 'button';
    closeButton.textContent = '\u00d7';
    closeButton.setAttribute('aria-label', CLOSE[lang] || CLOSE.en);
    styles(closeButton, {
      position: 'absolute',
      top: '6px',
      right: '6px',
      width: '36px',
      height: '36px',
      border: '0',
      'border-radius': '18px',
      background: '#f1f5f9',
      color: '#0f172a',
      font: '24px/36px sans-serif',
      cursor: 'pointer',
      'z-index': '1',
    });
    closeButton.addEventListener('click', close);
    const frame = document.createElement('iframe');
    frame.src = src.toString();
    frame.title = dialog.getAttribute('aria-label');
    frame.setAttribute('allow', 'payment');
    styles(frame, { display: 'block', width: '100%', height: '560px', border: '0', 'border-radius': '12px' });
    box.append(closeButton, frame);
    dialog.append(box);
    // Escape (the dialog's cancel) closes and gives focus back; a click on the backdrop too.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      close();
    });
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) close();
    });
    document.body.append(dialog);
    open = { dialog, frame, link, productId };
    window.addEventListener('message', onMessage);
    // A modal dialog: the rest of the page is inert, so focus stays in the overlay.
    dialog.showModal();
    frame.focus();
  }

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const productId = link ? productOf(link) : null;
    if (!productId || typeof HTMLDialogElement !== 'function') return;
    event.preventDefault();
    show(link, productId);
  });
})();
