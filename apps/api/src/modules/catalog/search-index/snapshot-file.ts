import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A file of named sections, each a typed array's bytes or a JSON value, behind a JSON header:
 * "MKTSIDX1", the header's byte length (8 bytes, little endian), the header, then the sections,
 * each starting on an 8-byte boundary. Sections are read one by one into their own buffers, so
 * no buffer is larger than a section and a typed array is a view of its buffer, not a copy.
 */
const MAGIC = 'MKTSIDX1';
const ALIGN = 8;

type ArrayKind = 'Int32Array' | 'Uint32Array' | 'Uint8Array' | 'Uint16Array' | 'Float64Array';
type TypedArray = Int32Array | Uint32Array | Uint8Array | Uint16Array | Float64Array;
const CONSTRUCTORS = { Int32Array, Uint32Array, Uint8Array, Uint16Array, Float64Array } as const;

interface SectionEntry {
  name: string;
  kind: ArrayKind | 'json';
  offset: number;
  bytes: number;
}

interface Header {
  values: Record<string, unknown>;
  sections: SectionEntry[];
}

const padded = (bytes: number) => Math.ceil(bytes / ALIGN) * ALIGN;

/** Bytes, or a read that gives them when the section is written (bytes held elsewhere, such as in another file). */
type Piece = Uint8Array | { bytes: number; read: () => Promise<Uint8Array> };

/** Collects sections; `write` puts them in a new file beside the target and renames it over it (never half a file). */
export class SnapshotWriter {
  readonly values: Record<string, unknown> = {};
  private readonly parts: { name: string; kind: SectionEntry['kind']; pieces: Piece[]; bytes: number }[] = [];
  private readonly positions = new Map<string, number>();

  value(name: string, value: unknown): void {
    this.values[name] = value;
  }

  array(name: string, array: TypedArray): void {
    // A Buffer is written as the Uint8Array it is.
    const kind = (Object.keys(CONSTRUCTORS) as ArrayKind[]).find((k) => array instanceof CONSTRUCTORS[k]) as ArrayKind;
    this.arrayPieces(name, kind, [array]);
  }

  /** One section made of several arrays of one kind, written one after the other (read back as one array). */
  arrayPieces(name: string, kind: ArrayKind, arrays: TypedArray[]): void {
    const pieces = arrays.map((array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    this.parts.push({ name, kind, pieces, bytes: pieces.reduce((sum, piece) => sum + piece.byteLength, 0) });
  }

  /** A section of bytes read only when it is written. */
  lazyBytes(name: string, bytes: number, read: () => Promise<Uint8Array>): void {
    this.parts.push({ name, kind: 'Uint8Array', pieces: [{ bytes, read }], bytes });
  }

  /** Where a section starts in the file, once written. */
  position(name: string): number {
    const position = this.positions.get(name);
    if (position === undefined) throw new Error(`snapshot section ${name} not written`);
    return position;
  }

  /** A list of texts, or any JSON value too large to sit in the header. */
  json(name: string, value: unknown): void {
    const data = Buffer.from(JSON.stringify(value));
    this.parts.push({ name, kind: 'json', pieces: [data], bytes: data.byteLength });
  }

  async write(file: string): Promise<number> {
    const sections: SectionEntry[] = [];
    let offset = 0;
    for (const part of this.parts) {
      sections.push({ name: part.name, kind: part.kind, offset, bytes: part.bytes });
      offset += padded(part.bytes);
    }
    const header = Buffer.from(JSON.stringify({ values: this.values, sections } satisfies Header));
    const start = padded(MAGIC.length + 8 + header.byteLength);
    const prefix = Buffer.alloc(start);
    prefix.write(MAGIC, 0, 'latin1');
    prefix.writeBigUInt64LE(BigInt(header.byteLength), MAGIC.length);
    header.copy(prefix, MAGIC.length + 8);
    await removeAbandonedWrites(file);
    const temporary = temporaryOf(file, process.pid);
    const handle = await fs.open(temporary, 'w');
    try {
      await handle.write(prefix, 0, prefix.byteLength, 0);
      const staged = new StagedWrites(handle);
      for (const [i, part] of this.parts.entries()) {
        let position = start + (sections[i] as SectionEntry).offset;
        this.positions.set(part.name, position);
        for (const piece of part.pieces) {
          const bytes = piece instanceof Uint8Array ? piece : await piece.read();
          await staged.write(bytes, position);
          position += bytes.byteLength;
        }
      }
      await staged.flush();
      await handle.sync();
    } catch (error) {
      await handle.close();
      await fs.rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await fs.rename(temporary, file);
    return start + offset;
  }
}

const temporaryOf = (file: string, pid: number) => `${file}.${pid}.tmp`;
/** A write whose file has not grown for this long has lost its writer, even on another host. */
const ABANDONED_AFTER_MS = 10 * 60_000;

/**
 * Deletes the half-written snapshots that a process stopped mid-write left beside `file` (a
 * snapshot of a million products is ~2.8 GB): those of a process no longer running here, and any
 * not written to for ABANDONED_AFTER_MS. Another instance's write in progress is left alone.
 */
export async function removeAbandonedWrites(file: string): Promise<void> {
  const directory = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  const names = await fs.readdir(directory).catch(() => [] as string[]);
  for (const name of names) {
    const middle = name.startsWith(prefix) && name.endsWith('.tmp') ? name.slice(prefix.length, -'.tmp'.length) : '';
    if (!/^\d+$/.test(middle)) continue;
    const pid = Number(middle);
    const temporary = path.join(directory, name);
    const stat = await fs.stat(temporary).catch(() => undefined);
    const idle = stat ? Date.now() - stat.mtimeMs > ABANDONED_AFTER_MS : false;
    if (pid === process.pid || !isRunning(pid) || idle) await fs.rm(temporary, { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Writes at positions, gathering small pieces that follow one another into one write (many posting lists are a few bytes). */
class StagedWrites {
  private readonly buffer = Buffer.allocUnsafe(16 << 20);
  private used = 0;
  private position = 0;

  constructor(private readonly handle: fs.FileHandle) {}

  async write(piece: Uint8Array, position: number): Promise<void> {
    if (this.used > 0 && (position !== this.position + this.used || this.used + piece.byteLength > this.buffer.byteLength))
      await this.flush();
    if (piece.byteLength > this.buffer.byteLength) {
      // One write call is limited to 2 GiB.
      for (let at = 0; at < piece.byteLength; at += 1 << 30) {
        const part = piece.subarray(at, Math.min(piece.byteLength, at + (1 << 30)));
        await this.handle.write(part, 0, part.byteLength, position + at);
      }
      return;
    }
    if (this.used === 0) this.position = position;
    this.buffer.set(piece, this.used);
    this.used += piece.byteLength;
  }

  async flush(): Promise<void> {
    if (this.used > 0) await this.handle.write(this.buffer, 0, this.used, this.position);
    this.used = 0;
  }
}

/** Reads a snapshot's sections on demand; undefined from `open` when the file is missing or not a snapshot. */
export class SnapshotReader {
  private readonly byName = new Map<string, SectionEntry>();

  private constructor(
    private readonly handle: fs.FileHandle,
    private readonly start: number,
    readonly values: Record<string, unknown>,
    sections: SectionEntry[],
  ) {
    for (const section of sections) this.byName.set(section.name, section);
  }

  static async open(file: string): Promise<SnapshotReader | undefined> {
    const handle = await fs.open(file, 'r').catch(() => undefined);
    if (!handle) return undefined;
    try {
      const prefix = Buffer.alloc(MAGIC.length + 8);
      await handle.read(prefix, 0, prefix.byteLength, 0);
      if (prefix.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not a search index snapshot');
      const length = Number(prefix.readBigUInt64LE(MAGIC.length));
      const header = Buffer.alloc(length);
      await handle.read(header, 0, length, prefix.byteLength);
      const parsed = JSON.parse(header.toString()) as Header;
      return new SnapshotReader(handle, padded(prefix.byteLength + length), parsed.values, parsed.sections);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Where a section starts in the file. */
  position(name: string): number {
    return this.start + this.section(name, 'Uint8Array').offset;
  }

  bytesOf(name: string): number {
    return this.section(name, 'Uint8Array').bytes;
  }

  async array<K extends ArrayKind>(name: string, kind: K): Promise<InstanceType<(typeof CONSTRUCTORS)[K]>> {
    const section = this.section(name, kind);
    const buffer = new ArrayBuffer(section.bytes);
    await this.readInto(new Uint8Array(buffer), section);
    return new CONSTRUCTORS[kind](buffer) as InstanceType<(typeof CONSTRUCTORS)[K]>;
  }

  async json<T>(name: string): Promise<T> {
    const section = this.section(name, 'json');
    const bytes = Buffer.alloc(section.bytes);
    await this.readInto(bytes, section);
    return JSON.parse(bytes.toString()) as T;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }

  private section(name: string, kind: SectionEntry['kind']): SectionEntry {
    const section = this.byName.get(name);
    if (!section || section.kind !== kind) throw new Error(`snapshot section ${name} (${kind}) missing`);
    return section;
  }

  private async readInto(into: Uint8Array, section: SectionEntry): Promise<void> {
    for (let at = 0; at < section.bytes; ) {
      const { bytesRead } = await this.handle.read(
        into,
        at,
        Math.min(section.bytes - at, 1 << 30),
        this.start + section.offset + at,
      );
      if (bytesRead === 0) throw new Error(`snapshot section ${section.name} is cut short`);
      at += bytesRead;
    }
  }
}
