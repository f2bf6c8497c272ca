/** Content types whose short name a buyer knows, for files whose name has no extension. */
const KNOWN_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'application/x-zip-compressed': 'ZIP',
  'application/gzip': 'GZ',
  'application/x-tar': 'TAR',
  'application/json': 'JSON',
  'application/x-ndjson': 'JSONL',
  'application/yaml': 'YAML',
  'application/x-yaml': 'YAML',
  'application/vnd.apache.parquet': 'PARQUET',
  'text/csv': 'CSV',
  'text/markdown': 'MD',
  'text/plain': 'TXT',
  'text/html': 'HTML',
  'text/x-python': 'PY',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WEBP',
  'image/svg+xml': 'SVG',
  'video/mp4': 'MP4',
  'audio/mpeg': 'MP3',
};

const EXTENSION = /\.(tar\.(?:gz|bz2|xz)|[a-z0-9]{1,12})$/i;

/**
 * A file's type as a buyer reads it ('CSV', 'JSON', 'ZIP', 'TAR.GZ'): from its name's extension,
 * else from its content type; null when neither says (the page shows a generic word then).
 */
export function fileTypeLabel(fileName: string, contentType: string): string | null {
  const extension = EXTENSION.exec(fileName.trim())?.[1];
  if (extension && !/^\d+$/.test(extension)) return extension.toUpperCase();
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return KNOWN_TYPES[essence] ?? null;
}
