/** What other modules use of downloads: the download limits buyers see before and after paying. */
export { downloadAllowancesOf, downloadLimitOfProduct } from './limits';
