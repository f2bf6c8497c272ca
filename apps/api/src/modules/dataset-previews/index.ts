// What other modules and the demo seed use of dataset previews: making them for uploaded files.
export type { DatasetAnalysis } from './analyze';
export { previewRow, previewStoredFile, previewUploadedFiles, startPendingPreviews } from './make-previews';
export { insertDatasetPreviews, type NewDatasetPreview } from './repository';
