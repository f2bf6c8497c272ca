import { type ByteSource, ScanLimitError } from './byte-source';

/**
 * Reads pickles opcode by opcode, never loading them: the stack is modelled only far enough to
 * know which globals (GLOBAL, INST, STACK_GLOBAL) a load would import and whether it would call
 * them (REDUCE, OBJ, NEWOBJ, INST). Protocols 0 to 5. A file may hold several pickles one after
 * another (the legacy torch format); the first is required, later ones are read while they last.
 */

type Item = { t: 'str'; v: string } | { t: 'global'; key: string } | { t: 'other' };

export interface FoundGlobal {
  module: string;
  name: string;
  /** The load would call it (REDUCE, OBJ, NEWOBJ, NEWOBJ_EX, INST), not only import it. */
  called: boolean;
}

export interface PickleFindings {
  globals: Map<string, FoundGlobal>;
  /** STACK_GLOBALs whose module or name is not a plain string (built at load time). */
  computedGlobals: number;
  /** EXT1/2/4: globals named by the copyreg extension registry, which a file cannot show. */
  extensionCodes: number;
  /** Why the first pickle could not be read to its end; null when it could. */
  problem: string | null;
}

export interface PickleLimits {
  /** Stack items, marks and memo entries held at once. */
  maxItems: number;
  /** Pickles read one after another. */
  maxPickles: number;
}

const OTHER: Item = { t: 'other' };
/** Longer strings are never a module or a name. */
const KEEP_STRING_BYTES = 512;
const MAX_LINE_BYTES = 64 * 1024;

class Malformed extends Error {}

/** Walks the pickles at the start of `source`; stops at the first byte after them that is no pickle. */
export async function walkPickles(
  source: ByteSource,
  limits: PickleLimits = { maxItems: 2_000_000, maxPickles: 16 },
): Promise<PickleFindings> {
  const findings: PickleFindings = { globals: new Map(), computedGlobals: 0, extensionCodes: 0, problem: null };
  for (let index = 0; index < limits.maxPickles; index += 1) {
    if (index > 0 && (!(await source.fill(1)) || source.peek(1)[0] !== 0x80)) break;
    try {
      await walkOne(source, findings, limits);
    } catch (error) {
      if (!(error instanceof Malformed)) throw error;
      // Only the first pickle must be whole: after it, what looks like one may be raw tensor data.
      if (index === 0) findings.problem = error.message;
      break;
    }
  }
  return findings;
}

async function walkOne(source: ByteSource, findings: PickleFindings, limits: PickleLimits): Promise<void> {
  let stack: Item[] = [];
  const metastack: Item[][] = [];
  const memo = new Map<number, Item>();
  let held = 0;

  const need = async (n: number) => {
    if (source.available < n && !(await source.fill(n))) throw new Malformed('the pickle ends in the middle of an opcode');
  };
  const u1 = async () => {
    if (source.available < 1) await need(1);
    return source.u8();
  };
  const u2 = async () => {
    await need(2);
    return source.take(2).readUInt16LE(0);
  };
  const u4 = async () => {
    await need(4);
    return source.take(4).readUInt32LE(0);
  };
  const i4 = async () => {
    await need(4);
    const value = source.take(4).readInt32LE(0);
    if (value < 0) throw new Malformed('a length in the pickle is negative');
    return value;
  };
  const u8 = async () => {
    await need(8);
    const value = source.take(8).readBigUInt64LE(0);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Malformed('a length in the pickle is impossibly large');
    return Number(value);
  };
  const line = async () => {
    const text = await source.line(MAX_LINE_BYTES);
    if (text === null) throw new Malformed('a text argument of the pickle has no end');
    return text.toString('latin1');
  };
  /** A counted string: kept when short enough to be a name, otherwise skipped. */
  const counted = async (length: number, encoding: 'utf8' | 'latin1'): Promise<Item> => {
    if (length <= KEEP_STRING_BYTES) {
      await need(length);
      return { t: 'str', v: source.take(length).toString(encoding) };
    }
    if (!(await source.skip(length))) throw new Malformed('the pickle ends inside a string');
    return OTHER;
  };
  const skipBytes = async (length: number) => {
    if (!(await source.skip(length))) throw new Malformed('the pickle ends inside its data');
  };
  const push = (item: Item) => {
    held += 1;
    if (held > limits.maxItems) throw new ScanLimitError('the pickle holds more items than a scan follows');
    stack.push(item);
  };
  const pop = (): Item => {
    const item = stack.pop();
    if (item === undefined) throw new Malformed('the pickle takes from an empty stack');
    held -= 1;
    return item;
  };
  const top = (): Item => {
    const item = stack[stack.length - 1];
    if (item === undefined) throw new Malformed('the pickle uses an empty stack');
    return item;
  };
  const mark = () => {
    held += 1;
    if (held > limits.maxItems) throw new ScanLimitError('the pickle holds more items than a scan follows');
    metastack.push(stack);
    stack = [];
  };
  const popMark = (): Item[] => {
    const items = stack;
    const previous = metastack.pop();
    if (previous === undefined) throw new Malformed('the pickle closes a mark it never opened');
    stack = previous;
    held -= items.length + 1;
    return items;
  };
  const memoize = (key: number, item: Item) => {
    if (!memo.has(key)) {
      held += 1;
      if (held > limits.maxItems) throw new ScanLimitError('the pickle holds more items than a scan follows');
    }
    memo.set(key, item);
  };
  const recall = (key: number) => {
    const item = memo.get(key);
    if (item === undefined) throw new Malformed('the pickle recalls a memo entry it never stored');
    push(item);
  };
  const found = (module: string, name: string): Item => {
    const key = `${module}.${name}`;
    if (!findings.globals.has(key)) findings.globals.set(key, { module, name, called: false });
    return { t: 'global', key };
  };
  const call = (callable: Item | undefined) => {
    if (callable?.t === 'global') (findings.globals.get(callable.key) as FoundGlobal).called = true;
  };
  const decimal = (text: string) => {
    const value = Number.parseInt(text, 10);
    if (!Number.isSafeInteger(value) || value < 0) throw new Malformed('the pickle names a memo entry badly');
    return value;
  };
  /** Protocol 0 quoted string: 'text' or "text". */
  const quoted = (text: string): Item => {
    const match = /^(['"])(.*)\1$/s.exec(text);
    if (!match) throw new Malformed('a quoted string of the pickle is not quoted');
    return { t: 'str', v: match[2] as string };
  };

  for (;;) {
    const opcode = await u1();
    switch (opcode) {
      case 0x28: // MARK
        mark();
        break;
      case 0x2e: // STOP
        return;
      case 0x30: // POP
        if (stack.length > 0) pop();
        else popMark();
        break;
      case 0x31: // POP_MARK
        popMark();
        break;
      case 0x32: // DUP
        push(top());
        break;
      case 0x46: // FLOAT
      case 0x49: // INT
      case 0x4c: // LONG
      case 0x50: // PERSID
        await line();
        push(OTHER);
        break;
      case 0x4a: // BININT
        await need(4);
        source.take(4);
        push(OTHER);
        break;
      case 0x4b: // BININT1
        await u1();
        push(OTHER);
        break;
      case 0x4d: // BININT2
        await u2();
        push(OTHER);
        break;
      case 0x4e: // NONE
      case 0x29: // EMPTY_TUPLE
      case 0x5d: // EMPTY_LIST
      case 0x7d: // EMPTY_DICT
      case 0x88: // NEWTRUE
      case 0x89: // NEWFALSE
      case 0x8f: // EMPTY_SET
      case 0x97: // NEXT_BUFFER
        push(OTHER);
        break;
      case 0x51: // BINPERSID
        pop();
        push(OTHER);
        break;
      case 0x52: {
        // REDUCE
        pop();
        call(pop());
        push(OTHER);
        break;
      }
      case 0x53: // STRING
        push(quoted(await line()));
        break;
      case 0x54: // BINSTRING
        push(await counted(await i4(), 'latin1'));
        break;
      case 0x55: // SHORT_BINSTRING
        push(await counted(await u1(), 'latin1'));
        break;
      case 0x56: // UNICODE
        push({ t: 'str', v: await line() });
        break;
      case 0x58: // BINUNICODE
        push(await counted(await u4(), 'utf8'));
        break;
      case 0x8c: // SHORT_BINUNICODE
        push(await counted(await u1(), 'utf8'));
        break;
      case 0x8d: // BINUNICODE8
        push(await counted(await u8(), 'utf8'));
        break;
      case 0x42: // BINBYTES
        await skipBytes(await u4());
        push(OTHER);
        break;
      case 0x43: // SHORT_BINBYTES
        await skipBytes(await u1());
        push(OTHER);
        break;
      case 0x8e: // BINBYTES8
      case 0x96: // BYTEARRAY8
        await skipBytes(await u8());
        push(OTHER);
        break;
      case 0x8a: // LONG1
        await skipBytes(await u1());
        push(OTHER);
        break;
      case 0x8b: // LONG4
        await skipBytes(await i4());
        push(OTHER);
        break;
      case 0x47: // BINFLOAT
        await skipBytes(8);
        push(OTHER);
        break;
      case 0x61: // APPEND
      case 0x62: // BUILD
        pop();
        top();
        break;
      case 0x73: // SETITEM
        pop();
        pop();
        top();
        break;
      case 0x65: // APPENDS
      case 0x75: // SETITEMS
      case 0x90: // ADDITEMS
        popMark();
        top();
        break;
      case 0x63: {
        // GLOBAL
        const module = await line();
        push(found(module, await line()));
        break;
      }
      case 0x69: {
        // INST: imports a class and calls it with the items since the mark
        const module = await line();
        const cls = found(module, await line());
        popMark();
        call(cls);
        push(OTHER);
        break;
      }
      case 0x6f: {
        // OBJ: calls the first item since the mark with the others
        const items = popMark();
        if (items.length === 0) throw new Malformed('the pickle builds an object from nothing');
        call(items[0]);
        push(OTHER);
        break;
      }
      case 0x81: // NEWOBJ
        pop();
        call(pop());
        push(OTHER);
        break;
      case 0x92: // NEWOBJ_EX
        pop();
        pop();
        call(pop());
        push(OTHER);
        break;
      case 0x93: {
        // STACK_GLOBAL: module and name are the two items below
        const name = pop();
        const module = pop();
        if (module.t === 'str' && name.t === 'str') push(found(module.v, name.v));
        else {
          findings.computedGlobals += 1;
          push(OTHER);
        }
        break;
      }
      case 0x64: // DICT
      case 0x6c: // LIST
      case 0x74: // TUPLE
      case 0x91: // FROZENSET
        popMark();
        push(OTHER);
        break;
      case 0x85: // TUPLE1
        pop();
        push(OTHER);
        break;
      case 0x86: // TUPLE2
        pop();
        pop();
        push(OTHER);
        break;
      case 0x87: // TUPLE3
        pop();
        pop();
        pop();
        push(OTHER);
        break;
      case 0x67: // GET
        recall(decimal(await line()));
        break;
      case 0x68: // BINGET
        recall(await u1());
        break;
      case 0x6a: // LONG_BINGET
        recall(await u4());
        break;
      case 0x70: // PUT
        memoize(decimal(await line()), top());
        break;
      case 0x71: // BINPUT
        memoize(await u1(), top());
        break;
      case 0x72: // LONG_BINPUT
        memoize(await u4(), top());
        break;
      case 0x94: // MEMOIZE
        memoize(memo.size, top());
        break;
      case 0x80: {
        // PROTO
        const protocol = await u1();
        if (protocol > 5) throw new Malformed(`unknown pickle protocol ${protocol}`);
        break;
      }
      case 0x95: // FRAME
        await u8();
        break;
      case 0x98: // READONLY_BUFFER
        top();
        break;
      case 0x82: // EXT1
      case 0x83: // EXT2
      case 0x84: // EXT4
        await skipBytes(opcode === 0x82 ? 1 : opcode === 0x83 ? 2 : 4);
        findings.extensionCodes += 1;
        push(OTHER);
        break;
      default:
        throw new Malformed(`unknown opcode 0x${opcode.toString(16).padStart(2, '0')} at byte ${source.position - 1}`);
    }
  }
}
