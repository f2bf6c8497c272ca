// `npm run storage:migrate`: copies every file stored under DATA_DIR/files into the bucket that
// S3_BUCKET (and the other S3_* settings) name. Safe to rerun, and to kill and rerun.
import { ConfigError, loadConfig } from './config';
import { migrateFiles } from './lib/storage-migrate';
import { createS3Storage } from './lib/storage-s3';

try {
  const config = loadConfig();
  if (!config.s3) {
    console.error(
      'Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) to the bucket to copy into.',
    );
    process.exit(2);
  }
  const target = createS3Storage(config.s3);
  await target.check();
  console.log(`Copying ${config.filesDir} to bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`);
  const started = Date.now();
  const report = await migrateFiles(config.filesDir, target, { log: (line) => console.log(line) });
  target.client.destroy();
  const mb = (report.copiedBytes / 1024 / 1024).toFixed(1);
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${report.copied} copied (${mb} MB), ${report.skipped} already there, ` +
      `${report.ignored.length} ignored, ${report.failed.length} failed.`,
  );
  if (report.failed.length > 0) {
    console.error('Some files were not copied; run the command again to retry them.');
    process.exit(1);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
