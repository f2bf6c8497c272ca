import { Code } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The example calls a seller's software makes, with this site's address and the chosen product filled in. */
export function keyCheckSnippets(origin: string, productId: string) {
  const product = productId || '<product id>';
  const curl = `curl -X POST ${origin}/api/v1/licenses/verify \\
  -H 'content-type: application/json' \\
  -d '{"product_id":"${product}","key":"XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"}'

curl -X POST ${origin}/api/v1/licenses/activate \\
  -H 'content-type: application/json' \\
  -d '{"product_id":"${product}","key":"XXXX-XXXX-XXXX-XXXX-XXXX-XXXX","instance":"my-laptop"}'`;
  const fetchSnippet = `async function checkLicence(key, instance) {
  const response = await fetch('${origin}/api/v1/licenses/activate', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product_id: '${product}', key, instance }),
  });
  const answer = await response.json();
  // 200: answer.valid, answer.activations.used / .limit; 404: wrong key; 409: refunded, disabled or at the limit.
  return response.ok && answer.valid;
}`;
  return { curl, fetch: fetchSnippet };
}

/** "How to check a key from your app": curl and fetch, and where the full reference is. */
export function KeyCheckGuide({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const snippets = keyCheckSnippets(window.location.origin, productId);
  return (
    <section aria-labelledby="key-check-guide" className="space-y-3">
      <h3 id="key-check-guide" className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <Code className="size-4" aria-hidden />
        {t('licenses.guide.title')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('licenses.guide.intro')}</p>
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('licenses.guide.curl')}</p>
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
        <code>{snippets.curl}</code>
      </pre>
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('licenses.guide.fetch')}</p>
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
        <code>{snippets.fetch}</code>
      </pre>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('licenses.guide.reference')}{' '}
        <a href="/api/docs" className="font-medium text-indigo-600 underline dark:text-indigo-400">
          {t('licenses.guide.referenceLink')}
        </a>
      </p>
    </section>
  );
}
