import type { ByteSource } from './byte-source';

/** Checks that a file claiming a weights format is one: its header parses and fits the file. */

const SAFETENSORS_DTYPE_BYTES: Record<string, number> = {
  BOOL: 1,
  U8: 1,
  I8: 1,
  F8_E5M2: 1,
  F8_E4M3: 1,
  F8_E8M0: 1,
  I16: 2,
  U16: 2,
  F16: 2,
  BF16: 2,
  I32: 4,
  U32: 4,
  F32: 4,
  I64: 8,
  U64: 8,
  F64: 8,
  C64: 8,
};
/** The format's own limit on the JSON header. */
const SAFETENSORS_MAX_HEADER = 100 * 1000 * 1000;
/** The most of a header a scan holds in memory; real headers are kilobytes. */
const SAFETENSORS_READ_HEADER = 16 * 1024 * 1024;

/**
 * safetensors: an 8-byte little-endian header length, a JSON header, then the tensor data. The
 * header must parse, every tensor's dtype and shape must match its byte range, and the ranges must
 * cover the data exactly, one after another (what the reference loader demands). Returns the
 * problem, or null when the file is what it claims.
 */
export async function checkSafetensors(source: ByteSource, size: number): Promise<string | null> {
  if (!(await source.fill(8))) return 'shorter than its 8-byte header length';
  const declared = source.take(8).readBigUInt64LE(0);
  if (declared > BigInt(SAFETENSORS_MAX_HEADER)) return `its header claims ${declared} bytes, more than the format allows`;
  const headerLength = Number(declared);
  if (8 + headerLength > size) return `its header claims ${headerLength} bytes but the file has ${size}`;
  if (headerLength > SAFETENSORS_READ_HEADER) throw new Error(`its header is ${headerLength} bytes, more than a scan reads`);
  if (!(await source.fill(headerLength))) return 'the file ends inside its header';
  let header: unknown;
  try {
    header = JSON.parse(source.take(headerLength).toString('utf8'));
  } catch {
    return 'its header is not JSON';
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) return 'its header is not a JSON object';
  const dataLength = size - 8 - headerLength;
  const ranges: [number, number, string][] = [];
  for (const [name, value] of Object.entries(header)) {
    if (name === '__metadata__') {
      if (typeof value !== 'object' || value === null || Object.values(value).some((v) => typeof v !== 'string'))
        return 'its __metadata__ is not a map of strings';
      continue;
    }
    const tensor = value as { dtype?: unknown; shape?: unknown; data_offsets?: unknown };
    const width = typeof tensor.dtype === 'string' ? SAFETENSORS_DTYPE_BYTES[tensor.dtype] : undefined;
    if (width === undefined) return `tensor "${name}" has an unknown dtype`;
    const shape = tensor.shape;
    if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0))
      return `tensor "${name}" has no valid shape`;
    const offsets = tensor.data_offsets;
    if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every((o) => Number.isSafeInteger(o) && o >= 0))
      return `tensor "${name}" has no valid data_offsets`;
    const [begin, end] = offsets as [number, number];
    if (begin > end || end > dataLength) return `tensor "${name}" claims bytes ${begin}–${end} but the data has ${dataLength}`;
    const bytes = shape.reduce((product: number, d: number) => product * d, width);
    if (bytes !== end - begin) return `tensor "${name}" is ${end - begin} bytes, its shape and dtype need ${bytes}`;
    ranges.push([begin, end, name]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  let covered = 0;
  for (const [begin, end, name] of ranges) {
    if (begin !== covered) return `tensor "${name}" starts at byte ${begin}, not where the previous one ends (${covered})`;
    covered = end;
  }
  if (covered !== dataLength) return `the tensors cover ${covered} bytes of the ${dataLength} bytes of data`;
  return null;
}

const GGUF_MAGIC = 0x46554747; // "GGUF" read little-endian
const GGUF_MAX_COUNT = 1 << 20;
const GGUF_MAX_STRING = 16 * 1024 * 1024;
const GGUF_MAX_ARRAY = 100_000_000;
/** Byte widths of GGUF's fixed-size value types (8 string and 9 array are read apart). */
const GGUF_WIDTHS: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

/**
 * GGUF: magic "GGUF", version 1 to 3, sane tensor and key counts, every metadata key and value
 * readable within the file, and every tensor's description sane (at most 4 dimensions, a data
 * offset inside the file). Returns the problem, or null.
 */
export async function checkGguf(source: ByteSource, size: number): Promise<string | null> {
  const fail = 'the file ends inside its header';
  if (!(await source.fill(8))) return 'shorter than a GGUF header';
  const head = source.take(8);
  if (head.readUInt32LE(0) !== GGUF_MAGIC) return 'it does not start with "GGUF"';
  const version = head.readUInt32LE(4);
  if (version < 1 || version > 3) return `unknown GGUF version ${version}`;
  const count = async (): Promise<number | null> => {
    if (version === 1) return (await source.fill(4)) ? source.take(4).readUInt32LE(0) : null;
    if (!(await source.fill(8))) return null;
    const value = source.take(8).readBigUInt64LE(0);
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
  };
  const u32 = async () => ((await source.fill(4)) ? source.take(4).readUInt32LE(0) : null);
  const skipString = async (max: number): Promise<boolean> => {
    const length = await count();
    return length !== null && length <= max && (await source.skip(length));
  };
  const tensors = await count();
  const keys = await count();
  if (tensors === null || keys === null) return fail;
  if (tensors > GGUF_MAX_COUNT || keys > GGUF_MAX_COUNT) return `it claims ${tensors} tensors and ${keys} metadata keys`;
  for (let k = 0; k < keys; k += 1) {
    if (!(await skipString(64 * 1024))) return `metadata key ${k + 1} is not readable`;
    const type = await u32();
    if (type === null) return fail;
    if (type === 8) {
      if (!(await skipString(GGUF_MAX_STRING))) return `metadata value ${k + 1} is not readable`;
    } else if (type === 9) {
      const itemType = await u32();
      const items = await count();
      if (itemType === null || items === null || items > GGUF_MAX_ARRAY) return `metadata array ${k + 1} is not readable`;
      if (itemType === 8) {
        for (let i = 0; i < items; i += 1)
          if (!(await skipString(GGUF_MAX_STRING))) return `metadata array ${k + 1} is not readable`;
      } else {
        const width = GGUF_WIDTHS[itemType];
        if (width === undefined || !(await source.skip(width * items))) return `metadata array ${k + 1} is not readable`;
      }
    } else {
      const width = GGUF_WIDTHS[type];
      if (width === undefined) return `metadata value ${k + 1} has unknown type ${type}`;
      if (!(await source.skip(width))) return fail;
    }
    if (source.position > size) return fail;
  }
  for (let t = 0; t < tensors; t += 1) {
    if (!(await skipString(64 * 1024))) return `tensor ${t + 1} has no readable name`;
    const dimensions = await u32();
    if (dimensions === null || dimensions > 4) return `tensor ${t + 1} claims ${dimensions} dimensions`;
    for (let d = 0; d < dimensions; d += 1) if ((await count()) === null) return fail;
    if ((await u32()) === null) return fail;
    if (!(await source.fill(8))) return fail;
    const offset = source.take(8).readBigUInt64LE(0);
    if (offset > BigInt(size)) return `tensor ${t + 1} claims data at byte ${offset}, past the end of the file`;
  }
  return null;
}

/** The kind of native executable these first bytes start, or null. */
export function executableKind(head: Buffer): string | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x7f454c46) return 'ELF';
  if (head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a) {
    // MZ: a DOS stub; a Windows executable when its PE header is where the stub says.
    const at = head.length >= 0x40 ? head.readUInt32LE(0x3c) : -1;
    if (at < 0 || at + 4 > head.length || head.readUInt32BE(at) === 0x50450000) return 'Windows PE';
    return null;
  }
  if (head.length >= 8) {
    const magic = head.readUInt32BE(0);
    if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(magic)) return 'Mach-O';
    // 0xCAFEBABE is a universal Mach-O binary, or a Java class when the next word is its version (45 and up).
    if (magic === 0xcafebabe && head.readUInt32BE(4) < 40) return 'Mach-O universal';
  }
  return null;
}

const NUMPY_MAGIC = Buffer.from('\x93NUMPY', 'latin1');

/** True when these first bytes start a NumPy .npy array. */
export function isNumpy(head: Buffer): boolean {
  return head.subarray(0, NUMPY_MAGIC.length).equals(NUMPY_MAGIC);
}

/**
 * Reads a .npy header; true when the array holds Python objects, whose data is then a pickle
 * (what `np.load(allow_pickle=True)` loads). The source is left at the start of the data.
 */
export async function numpyHoldsObjects(source: ByteSource): Promise<boolean> {
  if (!(await source.fill(10))) return false;
  // Version 1 has a 2-byte header length, versions 2 and 3 a 4-byte one.
  const prefix = source.peek(7)[6] === 1 ? 10 : 12;
  if (!(await source.fill(prefix))) return false;
  const start = source.take(prefix);
  const length = prefix === 10 ? start.readUInt16LE(8) : start.readUInt32LE(8);
  if (length > 1024 * 1024 || !(await source.fill(length))) return false;
  const header = source.take(length).toString('latin1');
  return /['"]descr['"]\s*:\s*['"][|<>=]?O/.test(header);
}
