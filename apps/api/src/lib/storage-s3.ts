import { type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, type Storage, TooLargeError } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Unset for AWS itself; the URL of any other S3-compatible store (R2, MinIO, a test server). */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own credential chain (instance role, AWS_* variables, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** Multipart part size: 8 MiB, two parts in flight, so one upload holds at most ~16 MiB. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

export interface S3Storage extends Storage {
  readonly client: S3Client;
  readonly bucket: string;
  /** Resolves when the bucket answers (readiness checks). */
  check(): Promise<void>;
}

export function createS3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: several S3-compatible stores reject the newer
    // default checksum headers on streamed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket, under the same keys as on disk. Streams both ways: uploads go
 * up in parts as they arrive (multipart for anything over one part), downloads are the object's
 * body. A write that fails or runs past its limit never becomes an object: S3 publishes an object
 * only when its upload completes, and an abandoned multipart upload is aborted.
 */
export function createS3Storage(options: S3StorageOptions, client = createS3Client(options)): S3Storage {
  const Bucket = options.bucket;
  return {
    client,
    bucket: Bucket,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put(key, data) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length }));
    },
    async putStream(key, source, maxBytes) {
      assertSafeKey(key);
      let written = 0;
      const limiter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          callback(written > maxBytes ? new TooLargeError(maxBytes) : null, chunk);
        },
      });
      const onSourceError = (error: Error) => limiter.destroy(error);
      source.once('error', onSourceError);
      source.pipe(limiter);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: limiter },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
        return written;
      } catch (error) {
        source.unpipe(limiter);
        source.resume();
        limiter.destroy();
        // The limiter's own error is the cause; the SDK may wrap or replace it.
        if (written > maxBytes) throw new TooLargeError(maxBytes);
        throw error;
      } finally {
        source.off('error', onSourceError);
      }
    },
    async head(key, bytes) {
      assertSafeKey(key);
      if (bytes <= 0) return Buffer.alloc(0);
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }));
      const body = object.Body as Readable;
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of body) {
        chunks.push(chunk as Buffer);
        length += (chunk as Buffer).length;
        if (length >= bytes) break;
      }
      body.destroy();
      return Buffer.concat(chunks).subarray(0, bytes);
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
