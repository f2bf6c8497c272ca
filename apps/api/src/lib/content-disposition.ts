/**
 * `Content-Disposition: attachment` for a file name of any script (RFC 6266): a plain ASCII name
 * goes as it is; any other also as `filename*`, the exact name UTF-8 and percent-encoded, with an
 * ASCII stand-in in `filename` for clients without it. Neither can break out of the header or its quotes.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (fallback === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
