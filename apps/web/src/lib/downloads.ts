import { api } from './api-client';

/** Saving files the API streams back. The calls need the bearer token, so a plain link will not do. */

/** Spec §7: the product title with non-alphanumerics replaced by '_', plus '_files.zip'. */
export function productFilesName(title: string): string {
  return `${title.replace(/[^a-zA-Z0-9]/g, '_')}_files.zip`;
}

function clickDownloadLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands a Blob to the browser as a download through a temporary <a download> object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  clickDownloadLink(url, fileName);
  // Chromium starts reading the URL after click returns; revoke once it has.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Downloads from a signed link (the link is the credential), so a large file streams to disk, not into memory. */
export function openSignedDownload(url: string, fileName: string): void {
  clickDownloadLink(url, fileName);
}

/** The zip of one purchased product. */
export async function downloadProductFiles(productId: string, title: string): Promise<void> {
  const blob = await api.blob(`/orders/download-product-files/${encodeURIComponent(productId)}`);
  saveBlob(blob, productFilesName(title));
}

/** The zip of every file in a paid order. */
export async function downloadOrderZip(order: { id: string; order_number: string }): Promise<void> {
  const blob = await api.blob(`/orders/${encodeURIComponent(order.id)}/download-zip`);
  saveBlob(blob, `order_${order.order_number}_files.zip`);
}
