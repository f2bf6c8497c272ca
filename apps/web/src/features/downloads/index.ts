/** What other features use of downloads: the product form's download limit control. */
export { type DownloadLimitDraft, useDownloadLimitControl } from './hooks/use-download-limit-control';
