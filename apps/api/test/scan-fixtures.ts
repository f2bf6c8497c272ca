import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32, deflateRawSync } from 'node:zlib';
import { createZipStream } from '../src/lib/zip-stream';

/** Files for the safety scan's tests, built byte by byte: pickles written opcode by opcode (no Python), zips, weights headers. */

/** Bytes from pieces: strings are latin1 (pickle opcodes are single bytes), numbers single bytes. */
export function bytes(...pieces: (string | number | Buffer)[]): Buffer {
  return Buffer.concat(
    pieces.map((piece) =>
      typeof piece === 'number' ? Buffer.from([piece]) : typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece,
    ),
  );
}
export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
export const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};
/** SHORT_BINUNICODE + MEMOIZE, as protocol 4 writes a string. */
export const shortUnicode = (text: string) => bytes(0x8c, Buffer.byteLength(text), Buffer.from(text), 0x94);

/** Protocol 2: GLOBAL 'os system', the argument 'ls', TUPLE1, REDUCE: what `pickle.dumps` of an os.system __reduce__ gives. */
export const OS_SYSTEM_P2 = bytes(0x80, 2, 'cos\nsystem\nq\x00X', u32(2), 'lsq\x01', 0x85, 'q\x02Rq\x03.');
/** Protocol 4: STACK_GLOBAL of 'posix' 'system' pushed by SHORT_BINUNICODE, inside a FRAME. */
export const POSIX_SYSTEM_P4 = (() => {
  const body = bytes(shortUnicode('posix'), shortUnicode('system'), 0x93, 0x94, shortUnicode('id'), 0x85, 0x94, 'R', 0x94, '.');
  return bytes(0x80, 4, 0x95, u64(body.length), body);
})();
/** Protocol 4: 'builtins' and 'eval' stored in the memo, popped, fetched back with BINGET, then STACK_GLOBAL. */
export const BUILTINS_EVAL_FROM_MEMO = bytes(
  0x80,
  4,
  shortUnicode('builtins'),
  shortUnicode('eval'),
  '00',
  'h',
  0,
  'h',
  1,
  0x93,
  shortUnicode('print(1)'),
  0x85,
  'R.',
);
/** Protocol 0: INST imports and calls subprocess.check_output with the items after MARK. */
export const INST_P0 = bytes("(S'id'\nisubprocess\ncheck_output\np0\n.");
/** Protocol 2: an OrderedDict, as a torch state dict starts. */
export const ORDERED_DICT_P2 = bytes(0x80, 2, 'ccollections\nOrderedDict\nq\x00)Rq\x01.');
/** Protocol 4: a state dict with one tensor rebuilt by torch._utils._rebuild_tensor_v2 from a persistent storage. */
export const TORCH_STATE_DICT_P4 = bytes(
  0x80,
  4,
  shortUnicode('collections'),
  shortUnicode('OrderedDict'),
  0x93,
  0x94,
  ')R',
  0x94,
  shortUnicode('weight'),
  shortUnicode('torch._utils'),
  shortUnicode('_rebuild_tensor_v2'),
  0x93,
  0x94,
  '(',
  '(',
  shortUnicode('storage'),
  shortUnicode('torch'),
  shortUnicode('FloatStorage'),
  0x93,
  0x94,
  shortUnicode('0'),
  shortUnicode('cpu'),
  'K',
  4,
  't',
  0x94,
  'Q',
  'K',
  0,
  'K',
  2,
  'K',
  2,
  0x86,
  'K',
  2,
  'K',
  1,
  0x86,
  0x89,
  ')R',
  't',
  'R',
  's.',
);

export async function zipOf(entries: [string, Buffer][]): Promise<Buffer> {
  const { stream } = createZipStream(
    entries.map(([name, data]) => ({ name, size: data.length, modified: new Date(), open: async () => Readable.from([data]) })),
  );
  return buffer(stream);
}

/** A zip whose members are deflated (the zip writer of the app only stores), for bombs that unpack large. */
export function deflatedZip(entries: [string, Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of entries) {
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(header, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export function safetensors(header: object, dataBytes: number): Buffer {
  const json = Buffer.from(JSON.stringify(header));
  return bytes(u64(json.length), json, Buffer.alloc(dataBytes, 1));
}

export const ggufString = (text: string) => bytes(u64(Buffer.byteLength(text)), Buffer.from(text));
/** A GGUF v3 file: one metadata key (general.architecture = llama) and one 4-float tensor. */
export function gguf(version = 3, tensorCount = 1): Buffer {
  return bytes(
    'GGUF',
    u32(version),
    u64(tensorCount),
    u64(1),
    ggufString('general.architecture'),
    u32(8),
    ggufString('llama'),
    ggufString('token_embd.weight'),
    u32(1),
    u64(4),
    u32(0),
    u64(0),
    Buffer.alloc(32 + 16),
  );
}
