import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this gain less from compression than it costs. */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli's quality 4 compresses JSON about as well as gzip -6 in a third of the time; 11 is for build time. */
const BROTLI_QUALITY = 4;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number] | 'identity';

/** Text we write (JSON, CSV, HTML, SVG, scripts); never files people uploaded or zips, which stream as they are. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml)|image\/svg\+xml)/;

/** Compresses answers over 1 kB when the client accepts it; answers already encoded pass untouched. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD,
    encodings: [...ENCODINGS],
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}

/**
 * JSON encoded once and compressed at most once per encoding: a cached catalogue page is sent to
 * thousands of readers, so its gzip and brotli forms are kept beside it instead of being made anew
 * for each answer.
 */
export class EncodedJson {
  private readonly variants = new Map<Encoding, Buffer>();

  constructor(readonly json: Buffer) {
    this.variants.set('identity', json);
  }

  /**
   * The bytes this page may come to hold: the JSON plus room for its brotli and gzip forms (each
   * about a tenth of catalogue JSON), which are made only when a reader asks for them.
   */
  get budgetBytes(): number {
    return this.json.length + Math.ceil(this.json.length / 4);
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    if (this.json.length < COMPRESSION_THRESHOLD) return reply.send(this.json);
    reply.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(this.variant(encoding));
  }

  private variant(encoding: Encoding): Buffer {
    let bytes = this.variants.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
          : gzipSync(this.json);
      this.variants.set(encoding, bytes);
    }
    return bytes;
  }
}

const encodings = new Negotiator<(typeof ENCODINGS)[number]>({ supportedValues: [...ENCODINGS] });

/** The best encoding the client accepts (q-values honoured, `q=0` refuses), brotli first. */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  if (!header) return 'identity';
  return encodings.negotiate(String(header)) ?? 'identity';
}
