import type { Plan } from '@corestone/contracts';
import type { Purchase } from '../store/purchases';

/** Where the gateway serves the page (it forwards here from `/checkout/local/{id}`) and its script. */
export const LOCAL_CHECKOUT_PAGE = '/checkout/local';
const CHECKOUT_SCRIPT_PATH = '/api/v1/billing/checkout-page/assets/local-checkout.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (cents: number, currency: string) =>
  currency === 'usd' ? `$${(cents / 100).toFixed(2)}` : `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Corestone</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f5f7fa; color: #1f2937; margin: 0; }
  main { max-width: 440px; margin: 64px auto; background: #fff; border-radius: 12px; padding: 32px; box-shadow: 0 4px 24px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin: 0 0 4px; }
  .note { color: #6b7280; font-size: .9rem; }
  .price { font-size: 2rem; font-weight: 700; margin: 16px 0 4px; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button, a.button { flex: 1; font: inherit; padding: 12px; border-radius: 8px; font-size: 1rem; text-align: center; cursor: pointer; text-decoration: none; }
  button { background: #2563eb; color: #fff; border: 0; }
  button:disabled { background: #93c5fd; cursor: default; }
  a.button { border: 1px solid #d1d5db; color: #1f2937; background: #fff; }
  .error { color: #b91c1c; min-height: 1.2em; margin-top: 16px; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** The local checkout: what is bought and its price, Pay and Cancel. No inline script (CSP `script-src 'self'`). */
export function checkoutPage(purchase: Purchase, plan: Plan): string {
  if (purchase.status !== 'open') return closedPage(purchase);
  return page(
    `Checkout: ${plan.display_name}`,
    `<p class="note">Local checkout (development payments: no card is charged)</p>
<h1 id="plan">${escapeHtml(plan.display_name)}</h1>
<p>${escapeHtml(plan.description)}</p>
<p class="price" id="price">${money(purchase.amount_cents, purchase.currency)}</p>
<p class="note">${purchase.credits} essay credits · one-off payment</p>
<div class="actions">
  <a class="button" id="cancel" href="${escapeHtml(purchase.cancel_url)}">Cancel</a>
  <button type="button" id="pay" data-session="${escapeHtml(purchase.id)}">Pay ${money(purchase.amount_cents, purchase.currency)}</button>
</div>
<p class="error" id="error" role="alert"></p>
<script src="${CHECKOUT_SCRIPT_PATH}"></script>`,
  );
}

function closedPage(purchase: Purchase): string {
  const paid = purchase.status === 'paid';
  return page(
    'Checkout closed',
    `<h1>${paid ? 'Already paid' : 'Checkout closed'}</h1>
<p>${paid ? 'This purchase is complete: your credits have been added.' : 'This checkout session is no longer open.'}</p>
<div class="actions"><a class="button" href="${escapeHtml(paid ? purchase.success_url : purchase.cancel_url)}">Back to Corestone</a></div>`,
  );
}

export function notFoundPage(): string {
  return page(
    'Checkout not found',
    `<h1>Checkout not found</h1><p>This checkout session does not exist.</p><div class="actions"><a class="button" href="/dashboard/plans">Back to plans</a></div>`,
  );
}

/**
 * The page's script: Pay posts the completion with the signed-in user's access token (the
 * shell keeps it in localStorage on this origin), refreshing it once when it has expired, then
 * goes to the success address the server answers.
 */
export const CHECKOUT_SCRIPT = `(function () {
  var pay = document.getElementById('pay');
  var error = document.getElementById('error');
  if (!pay) return;
  var session = pay.getAttribute('data-session');
  function post(path, token, body) {
    var headers = { 'content-type': 'application/json' };
    if (token) headers.authorization = 'Bearer ' + token;
    return fetch('/api/v1' + path, { method: 'POST', headers: headers, body: JSON.stringify(body || {}) });
  }
  function refresh() {
    var refreshToken = localStorage.getItem('refresh_token');
    if (!refreshToken) return Promise.resolve(null);
    return post('/auth/refresh', null, { refresh_token: refreshToken }).then(function (res) {
      if (!res.ok) return null;
      return res.json().then(function (body) {
        localStorage.setItem('access_token', body.access_token);
        if (body.refresh_token) localStorage.setItem('refresh_token', body.refresh_token);
        return body.access_token;
      });
    });
  }
  function complete(token, retried) {
    return post('/billing/local-checkout/' + encodeURIComponent(session) + '/complete', token).then(function (res) {
      if (res.status === 401 && !retried) {
        return refresh().then(function (fresh) {
          if (fresh) return complete(fresh, true);
          throw new Error('Please sign in to Corestone in this browser, then press Pay again.');
        });
      }
      return res.json().then(function (body) {
        if (!res.ok) throw new Error(body.detail || body.message || 'The payment could not be completed.');
        window.location.assign(body.redirect_url);
      });
    });
  }
  pay.addEventListener('click', function () {
    pay.disabled = true;
    error.textContent = '';
    complete(localStorage.getItem('access_token'), false).catch(function (err) {
      error.textContent = err.message;
      pay.disabled = false;
    });
  });
})();
`;
