// A real S3 protocol server for the tests (test/s3.ts starts it): s3rver on 127.0.0.1 at a free port, storing in
// the folder given, with the bucket made. Its own process because s3rver's list continuation tokens use DES,
// which Node's OpenSSL 3 only offers with --openssl-legacy-provider.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));
