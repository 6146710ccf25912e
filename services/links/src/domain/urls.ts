/**
 * URL checks for external links. Pure: nothing here (or anywhere in the service) ever requests
 * the address, so a link can never make the service probe an internal network.
 */
const MAX_URL_LENGTH = 2048;

export type UrlCheck = { valid: true; url: string } | { valid: false; detail: string };

/** An absolute http(s) URL with a host and no embedded credentials; answers it normalised (WHATWG). */
export function checkUrl(raw: string): UrlCheck {
  const text = raw.trim();
  if (!text) return { valid: false, detail: 'URL is required' };
  if (text.length > MAX_URL_LENGTH) return { valid: false, detail: `URL must be at most ${MAX_URL_LENGTH} characters` };
  // Control characters and spaces inside would be silently percent-encoded or dropped by the parser.
  if ([...text].some((ch) => /\s/.test(ch) || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    return { valid: false, detail: 'URL must not contain spaces or control characters' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { valid: false, detail: 'URL must be an absolute address such as https://example.com' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { valid: false, detail: 'URL must be an http:// or https:// address' };
  if (!url.hostname) return { valid: false, detail: 'URL must name a host' };
  if (url.username || url.password) return { valid: false, detail: 'URL must not contain a user name or password' };
  if (url.href.length > MAX_URL_LENGTH) return { valid: false, detail: `URL must be at most ${MAX_URL_LENGTH} characters` };
  return { valid: true, url: url.href };
}
