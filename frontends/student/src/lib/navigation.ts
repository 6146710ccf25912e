/** Full-page navigation (the hosted checkout); a seam so tests can see where the browser would go. */
export function goToUrl(url: string): void {
  window.location.assign(url);
}
