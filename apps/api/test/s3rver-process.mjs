// An S3-compatible server for tests, in its own process so that its memory is not the test's:
// `node s3rver-process.mjs <directory> <bucket>` prints its port, stops when its stdin closes.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${port}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
