import type { CatalogLoader } from '@corestone/ui/i18n';

/** This build's French and Spanish messages, downloaded only when the page is in that language. */
export const loadCatalog: CatalogLoader = (locale) =>
  (locale === 'fr' ? import('./fr.json') : import('./es.json')).then((m) => m.default as Record<string, string>);
