/**
 * An upstream URL as a log line or a metric label may show it. Operators configure providers'
 * URLs, and providers put their keys in the path (`https://host/v2/<key>`), the query
 * (`?apikey=`) or the authority (`user:password@`): all that is shown is the scheme, the host and
 * whether a path follows, plus `tail` (the part the gateway itself adds, such as `/ext/bc/P`).
 */
export function shownUrl(url: string, tail = ''): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(an invalid URL)';
  }
  const hidden = (parsed.pathname !== '/' && parsed.pathname !== '') || parsed.search !== '' ? '/…' : '';
  return `${parsed.protocol}//${parsed.host}${hidden}${tail}`;
}
