/*! Marketplace buy button overlay (decisions 0047, 0049): pays through the guest checkout API; the server decides everything. */
(() => {
  const data = JSON.parse(document.getElementById('embed-data').textContent);
  const T = data.texts;
  const API = '/api/v1/guest';
  const $ = (id) => document.getElementById(id);
  const steps = { details: $('step-details'), pay: $('step-pay'), done: $('step-done') };
  // The host page's origin: the one the host script named, checked against the real parent where the browser tells it.
  const ancestors = window.location.ancestorOrigins;
  const parentOrigin = ancestors?.length ? ancestors[0] : data.origin;
  const framed = window.parent !== window && parentOrigin && parentOrigin === data.origin;
  // The order's key lives only in this frame (memory, and sessionStorage for a reload of the frame).
  let order = null;
  // With Stripe (decision 0049) the page names the publishable key; Stripe.js takes the card in its own frame.
  const stripeKey = $('pay-form').dataset.stripeKey || null;
  const stripeLoaded = stripeKey ? loadStripe() : null;
  let card = null;
  // Set once Stripe took the card for this order: from then on only the shop's answer is awaited.
  let charged = false;

  function tell(type, extra) {
    if (framed) window.parent.postMessage({ type: `marketplace:${type}`, ...extra }, parentOrigin);
  }
  function resize() {
    tell('resize', { height: document.documentElement.scrollHeight });
  }
  if (typeof ResizeObserver === 'function') new ResizeObserver(resize).observe(document.body);
  resize();

  function fill(text, values) {
    return text.replace(/\{\{(\w+)\}\}/g, (_, name) => (values[name] === undefined ? '' : String(values[name])));
  }
  /** As the receipt and the shop's pages name it: "VAT 19% (DE)". */
  function taxLabel(tax) {
    const rate = new Intl.NumberFormat(document.documentElement.lang || 'en', {
      style: 'percent',
      maximumFractionDigits: 2,
    }).format(tax.rate_bps / 10000);
    return `${tax.label || T.tax} ${rate} (${tax.country})`;
  }
  function money(amount) {
    return `$${Number(amount).toFixed(2)}`;
  }
  function show(name) {
    for (const key of Object.keys(steps)) steps[key].hidden = key !== name;
    const heading = steps[name].querySelector('h2, [data-focus]');
    if (heading) heading.focus();
    resize();
  }
  /** The server's words: in the page's language when the catalogue has them by id, else as sent. */
  function said(id, text) {
    return (id && Object.hasOwn(data.messages, id) && data.messages[id]) || text;
  }
  function setError(box, error, focus = true) {
    box.replaceChildren();
    if (!error) {
      box.hidden = true;
      return;
    }
    const detail = typeof error === 'string' ? error : said(error.messageId, error.detail);
    box.append(document.createTextNode(detail || T.network));
    const fields = (error && Array.isArray(error.errors) && error.errors) || [];
    if (fields.length) {
      const list = document.createElement('ul');
      for (const field of fields) {
        const item = document.createElement('li');
        item.textContent = said(field.messageId, field.message);
        list.append(item);
      }
      box.append(list);
    }
    box.hidden = false;
    if (focus) box.focus();
    resize();
  }
  async function call(method, path, body, token) {
    const headers = { accept: 'application/json' };
    if (body) headers['content-type'] = 'application/json';
    if (token) headers['x-order-token'] = token;
    if (method === 'POST' && path === '/checkout') headers['idempotency-key'] = body.key;
    let response;
    try {
      response = await fetch(API + path, {
        method,
        headers,
        body: body ? JSON.stringify(body.payload) : undefined,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      // No answer at all: the request may or may not have reached the shop.
      throw { detail: T.network, lost: true };
    }
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw answer && typeof answer.detail === 'string' ? answer : { detail: T.network, lost: true };
    return answer;
  }
  function busy(button, on) {
    button.disabled = on;
    button.setAttribute('aria-busy', on ? 'true' : 'false');
    if (on) button.dataset.label = button.textContent;
    button.textContent = on ? T.working : button.dataset.label || button.textContent;
  }

  // Step 1: what to buy, for whom. The server prices it and answers with the total to pay.
  let attempt = null;
  $('details-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = $('details-submit');
    const item = { product_id: data.product_id, quantity: 1 };
    if (data.pay_what_you_want) item.amount = $('amount').value.trim();
    const payload = { email: $('email').value.trim(), items: [item], language: data.language };
    const promo = $('promo').value.trim();
    if (promo) payload.promo_code = promo;
    const country = $('country');
    if (country?.value) payload.billing_country = country.value;
    if (country?.value === 'US' && $('region').value) payload.billing_region = $('region').value;
    // The same details sent again (a double click, a retry) reuse the key: one order, not two.
    const signature = JSON.stringify(payload);
    if (!attempt || attempt.signature !== signature) attempt = { signature, key: crypto.randomUUID() };
    setError($('details-error'), null);
    busy(button, true);
    try {
      order = await call('POST', '/checkout', { payload, key: attempt.key });
      try {
        sessionStorage.setItem(`marketplace-order-${data.product_id}`, JSON.stringify(order));
      } catch {}
      if (order.payment_status === 'paid') return finish(order.order_number);
      summarise();
      show('pay');
      if (stripeKey) void mountCard();
    } catch (error) {
      setError($('details-error'), error);
    } finally {
      busy(button, false);
    }
  });

  function summarise() {
    const rows = $('summary');
    rows.replaceChildren();
    const add = (label, value) => {
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.textContent = value;
      rows.append(dt, dd);
    };
    if (order.tax && order.net_amount !== undefined) {
      add(T.net, money(order.net_amount));
      add(taxLabel(order.tax), money(order.tax.amount));
    }
    add(T.total, money(order.amount));
    $('pay-submit').textContent = fill(T.payAmount, { amount: money(order.amount) });
  }

  // The state matters only for the United States.
  $('country')?.addEventListener('change', (event) => {
    $('region-field').hidden = event.target.value !== 'US';
    resize();
  });

  $('pay-back').addEventListener('click', () => {
    order = null;
    setError($('pay-error'), null);
    show('details');
  });

  // Step 2: the card. Success only once the server says the order is paid.
  $('pay-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = $('pay-submit');
    setError($('pay-error'), null);
    busy(button, true);
    if (stripeKey) {
      await payWithStripe();
      busy(button, false);
      if (!steps.pay.hidden) button.textContent = fill(T.payAmount, { amount: money(order.amount) });
      return;
    }
    try {
      const card = {
        card_number: $('card-number').value,
        exp_month: $('card-month').value.trim(),
        exp_year: $('card-year').value.trim(),
        cvc: $('card-cvc').value,
      };
      const state = await call('POST', `/orders/${order.order_id}/confirm-payment`, { payload: card }, order.access_token);
      if (state.payment_status !== 'paid' && !(await paidSoon())) {
        setError($('pay-error'), T.pending);
        return;
      }
      await finish(order.order_number);
    } catch (error) {
      setError($('pay-error'), error);
    } finally {
      busy(button, false);
      if (!steps.pay.hidden) $('pay-submit').textContent = fill(T.payAmount, { amount: money(order.amount) });
    }
  });

  /** Stripe.js, from Stripe only (never bundled or copied): its script element is added here, on a Stripe page alone. */
  function loadStripe() {
    return new Promise((resolve) => {
      const script = document.createElement('script');
      script.src = 'https://js.stripe.com/v3/';
      script.async = true;
      script.addEventListener('load', () =>
        resolve(typeof window.Stripe === 'function' ? window.Stripe(stripeKey, { locale: data.language }) : null),
      );
      script.addEventListener('error', () => resolve(null));
      document.head.append(script);
    });
  }

  function cardFormFailed() {
    setError($('pay-error'), T.cardFailed);
    $('shop-fallback').hidden = false;
    resize();
  }

  /** Mounts Stripe's card Element once (it stays for a second order after "Change the details"). */
  async function mountCard() {
    const stripe = await stripeLoaded;
    if (!stripe) {
      cardFormFailed();
      return null;
    }
    if (!card) {
      card = stripe.elements({ locale: data.language }).create('card', {
        style: { base: { fontSize: '16px', color: '#0f172a', '::placeholder': { color: '#64748b' } } },
      });
      // Stripe's own words on what is wrong with the card, announced without taking the focus from it.
      card.on('change', (event) => setError($('pay-error'), event.error ? event.error.message : null, false));
      card.mount($('card-element'));
    }
    return { stripe, card };
  }

  /** Stripe confirms the card with the client secret of this order; then the shop is asked whether it is paid. */
  async function payWithStripe() {
    if (charged) return askShop();
    const mounted = await mountCard();
    if (!mounted) return;
    if (!order.client_secret) return cardFormFailed();
    let result;
    try {
      result = await mounted.stripe.confirmCardPayment(order.client_secret, {
        payment_method: { card: mounted.card, billing_details: { email: $('email').value.trim() } },
      });
    } catch {
      result = { error: { message: T.network } };
    }
    if (result.error) {
      setError($('pay-error'), result.error.message || T.declined);
      return;
    }
    // Stripe took the card: from now on only whether the shop has the order as paid.
    charged = true;
    $('pay-back').hidden = true;
    await askShop();
    // Not paid yet: the card is never asked for again for this order; "Check again" asks the shop.
    if (!steps.pay.hidden) $('pay-submit').hidden = true;
  }

  /**
   * Asks the shop (it reads the payment from Stripe) whether the order is paid: success only on its
   * word. An answer that never came is no failure: Stripe's webhook settles the payment anyway, so
   * the buyer may check again.
   */
  async function askShop() {
    const again = $('pay-check');
    try {
      const state = await call('POST', `/orders/${order.order_id}/confirm-payment`, null, order.access_token);
      if (state.payment_status === 'paid' || (await paidSoon())) return finish(order.order_number);
      setError($('pay-error'), T.pending);
    } catch (error) {
      setError($('pay-error'), error?.lost ? T.confirmLost : error);
    }
    again.hidden = false;
    resize();
  }

  $('pay-check')?.addEventListener('click', async () => {
    const button = $('pay-check');
    setError($('pay-error'), null);
    busy(button, true);
    await askShop();
    busy(button, false);
  });

  /** Reads the order until it is paid (a provider may settle a moment later); false after ~20 s. */
  async function paidSoon() {
    for (let i = 0; i < 20; i += 1) {
      const current = await call('GET', `/orders/${order.order_id}`, null, order.access_token);
      if (current.payment_status === 'paid') return true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return false;
  }

  async function finish(orderNumber) {
    $('done-text').textContent = fill(T.success, { order: orderNumber });
    $('done-mail').textContent = fill(T.mailSent, { email: $('email').value.trim() });
    const receipt = $('receipt-link');
    receipt.href = `/guest/orders/${order.order_id}#${order.access_token}`;
    const list = $('downloads');
    list.replaceChildren();
    try {
      const links = await call('GET', `/orders/${order.order_id}/downloads`, null, order.access_token);
      for (const link of links.links) {
        const item = document.createElement('li');
        const anchor = document.createElement('a');
        anchor.href = link.url;
        anchor.target = '_blank';
        anchor.rel = 'noopener';
        anchor.textContent = fill(T.download, { name: link.file_name });
        item.append(anchor);
        list.append(item);
      }
    } catch {
      // The receipt e-mail carries the links too; the success stands (the server said paid).
    }
    show('done');
    tell('purchased', { order_number: orderNumber });
  }

  $('done-close').addEventListener('click', () => tell('close'));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') tell('close');
  });
  if (!framed) $('done-close').hidden = true;
})();
