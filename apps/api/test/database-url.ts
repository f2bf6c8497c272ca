/** The same server, another database. Works for TCP and unix-socket (`?host=/dir`) URLs. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
