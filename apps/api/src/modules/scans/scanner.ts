import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ScanReason, ScanReasonCode, ScanVerdict } from '@app/shared';
import yauzl from 'yauzl';
import { ByteSource, type ScanBudget, ScanLimitError } from './byte-source';
import { checkGguf, checkSafetensors, executableKind, isNumpy, numpyHoldsObjects } from './formats';
import { judgeGlobal } from './globals';
import { walkPickles } from './pickle';
import { isEnvFile, SecretFinder } from './secrets';

/**
 * The safety scan of one uploaded file, pure (no database, no storage): it reads the bytes once,
 * as a stream, and answers a verdict with its reasons. Zips (a .pt/.pth/.ckpt is one) are spooled
 * to a temporary file and read member by member, zips inside them too, to a bounded depth and a
 * bounded number of bytes and members; past a bound the verdict says "not fully scanned" instead
 * of reading on. Decision record: docs/decisions/0033-file-safety-scan.md.
 */

export interface ScanLimits {
  /** Zips inside zips: the uploaded zip is level 1. */
  maxDepth: number;
  /** Bytes read in all, across the file and every member unpacked. */
  maxTotalBytes: number;
  /** Zip members in all. */
  maxEntries: number;
  /** Wall-clock time for one file. */
  maxMilliseconds: number;
  /** Where zips are spooled while read (on disk, not a memory-backed /tmp); created when needed. */
  tempDir: string;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = {
  maxDepth: 4,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxEntries: 10_000,
  maxMilliseconds: 120_000,
  tempDir: os.tmpdir(),
};

export interface ScanResult {
  verdict: ScanVerdict;
  reasons: ScanReason[];
}

const DANGEROUS_CODES = new Set<ScanReasonCode>([
  'pickle_dangerous_global',
  'pickle_computed_global',
  'safetensors_invalid',
  'gguf_invalid',
  'zip_unsafe_path',
]);
const MAX_REASONS = 100;
/** Always read as pickles; a `.bin` only when it starts like one (it is often raw weights). */
const PICKLE_EXTENSIONS = new Set(['.pkl', '.pickle', '.joblib', '.pt', '.pth', '.ckpt', '.dat', '.data']);
const SNIFF_BYTES = 8192;
/** Text files whose content says whether they run something on install or open. */
const AUTORUN_TEXT_BYTES = 1024 * 1024;

/** The result for a file that could not be read at all. */
export function unreadable(why: string): ScanResult {
  const scan = new Scan(DEFAULT_SCAN_LIMITS);
  scan.incomplete(why, null);
  return scan.result();
}

/** Scans a file given as a stream of its bytes. Never throws for what the bytes hold. */
export async function scanStream(
  chunks: AsyncIterable<Buffer | string>,
  fileName: string,
  size: number,
  limits: ScanLimits = DEFAULT_SCAN_LIMITS,
): Promise<ScanResult> {
  const scan = new Scan(limits);
  try {
    await scan.content(new ByteSource(chunks, scan.budget), fileName, null, size, 0);
  } catch (error) {
    scan.stopped(error, null);
  } finally {
    await scan.cleanUp();
  }
  return scan.result();
}

/** The verdict of several results: the worst of them. */
export function worstVerdict(verdicts: ScanVerdict[]): ScanVerdict {
  if (verdicts.includes('dangerous')) return 'dangerous';
  return verdicts.includes('warning') ? 'warning' : 'clean';
}

class Scan {
  readonly budget: ScanBudget;
  private readonly reasons: ScanReason[] = [];
  private readonly seen = new Set<string>();
  private temporary: string | null = null;
  private spooled = 0;
  private halted = false;

  constructor(private readonly limits: ScanLimits) {
    this.budget = {
      bytesLeft: limits.maxTotalBytes,
      entriesLeft: limits.maxEntries,
      deadline: Date.now() + limits.maxMilliseconds,
    };
  }

  add(code: ScanReasonCode, message: string, detail: string | null, member: string | null): void {
    const key = `${code}\u0000${detail}\u0000${member}`;
    if (this.seen.has(key) || this.reasons.length >= MAX_REASONS) return;
    this.seen.add(key);
    this.reasons.push({ code, severity: DANGEROUS_CODES.has(code) ? 'dangerous' : 'warning', message, detail, member });
  }

  /** Records why the scan stopped early: a limit, or a zip or stream that could not be read. */
  stopped(error: unknown, member: string | null): void {
    if (error instanceof ScanLimitError) {
      if (this.halted) return;
      this.halted = true;
      this.incomplete(error.message, member);
      return;
    }
    this.incomplete(`could not be read (${(error as Error)?.message ?? String(error)})`, member);
  }

  /** A part that was left unread, and why. */
  incomplete(why: string, member: string | null): void {
    this.add('not_fully_scanned', `Not fully scanned: ${why}`, why, member);
  }

  result(): ScanResult {
    return {
      verdict: worstVerdict(this.reasons.map((r) => (r.severity === 'dangerous' ? 'dangerous' : 'warning'))),
      reasons: this.reasons,
    };
  }

  async cleanUp(): Promise<void> {
    if (this.temporary) await fs.rm(this.temporary, { recursive: true, force: true });
  }

  /** Judges one file or member by its name and first bytes, then reads it the way its kind needs. */
  async content(source: ByteSource, name: string, member: string | null, size: number, depth: number): Promise<void> {
    try {
      await source.fill(SNIFF_BYTES);
      const head = source.peek(SNIFF_BYTES);
      const base = path.posix.basename(name.replaceAll('\\', '/'));
      const extension = path.posix.extname(base).toLowerCase();
      if (isEnvFile(base)) {
        this.add(
          'env_file',
          `An environment file (${base}) is included: such files usually hold passwords and keys`,
          base,
          member,
        );
      }
      if (isZip(head)) return await this.zip(source, member, depth + 1);
      if (PICKLE_EXTENSIONS.has(extension) || looksLikePickle(head)) return await this.pickle(source, member);
      // An array of Python objects is stored as a pickle after the .npy header (.npz files are zips of these).
      if (isNumpy(head)) {
        if (await numpyHoldsObjects(source)) await this.pickle(source, member);
        return;
      }
      if (extension === '.safetensors') {
        const problem = await checkSafetensors(source, size);
        if (problem) this.add('safetensors_invalid', `The file claims to be safetensors but is not: ${problem}`, problem, member);
        return;
      }
      if (extension === '.gguf' || head.subarray(0, 4).toString('latin1') === 'GGUF') {
        const problem = await checkGguf(source, size);
        if (problem) this.add('gguf_invalid', `The file claims to be GGUF but is not: ${problem}`, problem, member);
        return;
      }
      const executable = executableKind(head);
      if (executable) {
        this.add(
          'native_executable',
          `A native executable (${executable}) is included: it runs on the buyer's machine and cannot be reviewed here`,
          executable,
          member,
        );
        return;
      }
      if (!head.includes(0)) await this.text(source, base, extension, member);
    } finally {
      await source.close();
    }
  }

  private async pickle(source: ByteSource, member: string | null): Promise<void> {
    const findings = await walkPickles(source);
    for (const { module, name, called } of findings.globals.values()) {
      const global = `${module}.${name}`;
      const judged = judgeGlobal(module, name);
      if (judged === 'dangerous') {
        this.add(
          'pickle_dangerous_global',
          `Loading this pickle imports ${global}${called ? ' and calls it' : ''}: it can run commands or reach files and the network on the buyer's machine`,
          global,
          member,
        );
      } else if (judged === 'unknown') {
        this.add(
          'pickle_unknown_global',
          `The pickle imports ${global}, which is not on the list of known safe globals: check that the product needs it`,
          global,
          member,
        );
      }
    }
    if (findings.computedGlobals > 0) {
      this.add(
        'pickle_computed_global',
        `The pickle imports ${findings.computedGlobals} global(s) whose names are computed while loading, which hides what it runs`,
        String(findings.computedGlobals),
        member,
      );
    }
    if (findings.extensionCodes > 0) {
      this.add(
        'pickle_extension_global',
        `The pickle imports ${findings.extensionCodes} global(s) by extension code, which cannot be checked`,
        String(findings.extensionCodes),
        member,
      );
    }
    if (findings.problem) {
      this.add(
        'pickle_malformed',
        `The pickle could not be read to its end (${findings.problem}), so it was not fully checked`,
        findings.problem,
        member,
      );
    }
  }

  /** Secrets anywhere in a text file; install and open hooks in the files that have them. */
  private async text(source: ByteSource, base: string, extension: string, member: string | null): Promise<void> {
    const finder = new SecretFinder();
    const lower = base.toLowerCase();
    const keepText = lower === 'setup.py' || lower === 'package.json' || extension === '.desktop';
    let kept = '';
    for await (const chunk of source.rest()) {
      finder.push(chunk);
      if (keepText && kept.length < AUTORUN_TEXT_BYTES) kept += chunk.toString('utf8', 0, AUTORUN_TEXT_BYTES - kept.length);
    }
    for (const secret of finder.found) {
      this.add(
        secret.code,
        `The file contains ${secret.label} (${secret.masked}): remove it and revoke it`,
        secret.masked,
        member,
      );
    }
    const hook =
      lower === 'autorun.inf'
        ? 'autorun.inf starts a program when the medium is opened'
        : extension === '.desktop' && /^\s*Exec\s*=/m.test(kept)
          ? `${base} starts a program from a desktop launcher`
          : lower === 'setup.py' && /\bcmdclass\b|setuptools\.command\.|distutils\.command\./.test(kept)
            ? 'setup.py replaces install commands (cmdclass), which run during pip install'
            : lower === 'package.json' && /"(?:pre|post)?install"\s*:/.test(kept)
              ? 'package.json has an install script, which runs during npm install'
              : null;
    if (hook) this.add('autorun_entry', `Runs code automatically: ${hook}`, hook, member);
  }

  /** Spools a zip to a temporary file (zips are read from their end) and scans each member. */
  private async zip(source: ByteSource, member: string | null, depth: number): Promise<void> {
    if (depth > this.limits.maxDepth) {
      this.incomplete(`zips nested deeper than ${this.limits.maxDepth} levels`, member);
      return;
    }
    if (!this.temporary) {
      await fs.mkdir(this.limits.tempDir, { recursive: true });
      this.temporary = await fs.mkdtemp(path.join(this.limits.tempDir, 'file-scan-'));
    }
    this.spooled += 1;
    const file = path.join(this.temporary, `${this.spooled}.zip`);
    try {
      await pipeline(Readable.from(source.rest()), createWriteStream(file));
      const zip = await openZip(file);
      try {
        for (let entry = await nextEntry(zip); entry && !this.halted; entry = await nextEntry(zip)) {
          await this.entry(zip, entry, member, depth);
        }
      } finally {
        zip.close();
      }
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  private async entry(zip: yauzl.ZipFile, entry: yauzl.Entry, parent: string | null, depth: number): Promise<void> {
    const raw = (entry.fileNameRaw ?? entry.fileName) as unknown as Buffer;
    const name = raw.toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
    const member = parent ? `${parent}/${name}` : name;
    if (unsafeMemberPath(name)) {
      this.add('zip_unsafe_path', `A member's path (${name}) points outside the folder it is unpacked into`, name, member);
    }
    if (name.endsWith('/')) return;
    this.budget.entriesLeft -= 1;
    if (this.budget.entriesLeft < 0) throw new ScanLimitError(`more than ${this.limits.maxEntries} zip members`);
    if (entry.isEncrypted()) {
      this.incomplete('the member is encrypted', member);
      return;
    }
    if (entry.uncompressedSize > this.budget.bytesLeft) {
      throw new ScanLimitError(`the members unpack to more than ${this.limits.maxTotalBytes} bytes`);
    }
    try {
      const stream = await zip.openReadStreamPromise(entry);
      await this.content(new ByteSource(stream, this.budget), name, member, entry.uncompressedSize, depth);
    } catch (error) {
      this.stopped(error, member);
      if (this.halted) throw error;
    }
  }
}

function isZip(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && head[3] === head[2] + 1;
}

/** PROTO 2–5 followed by an opcode that starts a pickle's first object. */
function looksLikePickle(head: Buffer): boolean {
  return head.length >= 3 && head[0] === 0x80 && head[1] !== undefined && head[1] >= 2 && head[1] <= 5;
}

/** An absolute path, a drive letter, or a ".." step: unpacking it writes outside the target folder. */
function unsafeMemberPath(name: string): boolean {
  const normal = name.replaceAll('\\', '/');
  return normal.startsWith('/') || /^[a-zA-Z]:/.test(normal) || normal.split('/').includes('..');
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const done = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => {
      done();
      resolve(entry);
    };
    const onEnd = () => {
      done();
      resolve(null);
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
