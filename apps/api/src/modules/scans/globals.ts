/**
 * Which Python globals a pickle may import, the way picklescan judges them: a small list of
 * globals that model files need and that do nothing but build data (safe), a list of modules and
 * names that run code, touch files, processes or the network (dangerous), and everything else
 * unknown (a warning for the admin to judge: a scikit-learn estimator, a custom class).
 */

/** module → names ('*' for the whole module). */
type GlobalList = Record<string, readonly string[]>;

const TORCH_STORAGES = [
  'FloatStorage',
  'HalfStorage',
  'BFloat16Storage',
  'DoubleStorage',
  'LongStorage',
  'IntStorage',
  'ShortStorage',
  'CharStorage',
  'ByteStorage',
  'BoolStorage',
  'ComplexFloatStorage',
  'ComplexDoubleStorage',
  'QInt8Storage',
  'QUInt8Storage',
  'QInt32Storage',
  'UntypedStorage',
];

const TORCH_DTYPES = [
  'float16',
  'float32',
  'float64',
  'bfloat16',
  'half',
  'float',
  'double',
  'int8',
  'int16',
  'int32',
  'int64',
  'uint8',
  'bool',
  'complex64',
  'complex128',
  'float8_e4m3fn',
  'float8_e5m2',
];

export const SAFE_GLOBALS: GlobalList = {
  collections: ['OrderedDict', 'defaultdict', 'deque', 'Counter'],
  builtins: [
    'set',
    'frozenset',
    'slice',
    'range',
    'complex',
    'bytearray',
    'bytes',
    'dict',
    'list',
    'tuple',
    'int',
    'float',
    'str',
    'bool',
    'object',
  ],
  __builtin__: [
    'set',
    'frozenset',
    'slice',
    'xrange',
    'complex',
    'bytearray',
    'dict',
    'list',
    'tuple',
    'int',
    'long',
    'float',
    'str',
    'unicode',
    'bool',
    'object',
  ],
  _codecs: ['encode'],
  copyreg: ['_reconstructor'],
  copy_reg: ['_reconstructor'],
  datetime: ['datetime', 'date', 'time', 'timedelta', 'timezone'],
  torch: [...TORCH_STORAGES, ...TORCH_DTYPES, 'Size', 'device', 'Tensor', 'memory_format', 'contiguous_format', 'channels_last'],
  'torch._utils': [
    '_rebuild_tensor',
    '_rebuild_tensor_v2',
    '_rebuild_tensor_v3',
    '_rebuild_parameter',
    '_rebuild_parameter_with_state',
    '_rebuild_qtensor',
    '_rebuild_sparse_tensor',
    '_rebuild_meta_tensor_no_storage',
    '_rebuild_device_tensor_from_numpy',
    '_rebuild_nested_tensor',
    '_rebuild_wrapper_subclass',
  ],
  'torch._tensor': ['_rebuild_from_type_v2'],
  'torch.nn.parameter': ['Parameter'],
  numpy: ['dtype', 'ndarray', 'float16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64', 'uint8', 'bool_'],
  'numpy.core.multiarray': ['_reconstruct', 'scalar'],
  'numpy._core.multiarray': ['_reconstruct', 'scalar'],
  'joblib.numpy_pickle': ['NumpyArrayWrapper'],
};

/** Dangerous whole modules (and their submodules), then dangerous names of otherwise harmless modules. */
export const DANGEROUS_GLOBALS: GlobalList = {
  os: ['*'],
  posix: ['*'],
  nt: ['*'],
  subprocess: ['*'],
  sys: ['*'],
  socket: ['*'],
  shutil: ['*'],
  pty: ['*'],
  runpy: ['*'],
  webbrowser: ['*'],
  commands: ['*'],
  popen2: ['*'],
  platform: ['*'],
  importlib: ['*'],
  imp: ['*'],
  code: ['*'],
  codeop: ['*'],
  ctypes: ['*'],
  _ctypes: ['*'],
  multiprocessing: ['*'],
  asyncio: ['*'],
  threading: ['*'],
  _thread: ['*'],
  signal: ['*'],
  pickle: ['*'],
  _pickle: ['*'],
  cPickle: ['*'],
  dill: ['*'],
  marshal: ['*'],
  pdb: ['*'],
  bdb: ['*'],
  timeit: ['*'],
  urllib: ['*'],
  urllib2: ['*'],
  requests: ['*'],
  httplib: ['*'],
  http: ['*'],
  ftplib: ['*'],
  smtplib: ['*'],
  telnetlib: ['*'],
  pip: ['*'],
  setuptools: ['*'],
  distutils: ['*'],
  tempfile: ['*'],
  glob: ['*'],
  pathlib: ['*'],
  io: ['open', 'FileIO', 'open_code'],
  _io: ['open', 'FileIO', 'open_code'],
  builtins: [
    'eval',
    'exec',
    'execfile',
    'compile',
    'open',
    'getattr',
    'setattr',
    'delattr',
    '__import__',
    'apply',
    'breakpoint',
    'input',
    'globals',
    'locals',
    'vars',
    'exit',
    'quit',
    'help',
  ],
  operator: ['attrgetter', 'methodcaller', 'getitem'],
  functools: ['reduce'],
  'torch.serialization': ['load', '_load'],
  torch: ['load', 'hub', 'jit', 'ops', '_C', 'classes'],
  'torch.hub': ['*'],
  'torch.storage': ['_load_from_bytes'],
  'numpy.testing._private.utils': ['runstring'],
  numpy: ['load', 'fromfile'],
};
DANGEROUS_GLOBALS.__builtin__ = DANGEROUS_GLOBALS.builtins as readonly string[];
DANGEROUS_GLOBALS.__builtins__ = DANGEROUS_GLOBALS.builtins as readonly string[];

export type GlobalJudgement = 'safe' | 'dangerous' | 'unknown';

function listed(list: GlobalList, module: string, name: string): boolean {
  const names = list[module];
  return names !== undefined && (names.includes('*') || names.includes(name));
}

/** The module itself or any parent module is dangerous as a whole ("os.path", "http.client"). */
function inDangerousModule(module: string): boolean {
  const parts = module.split('.');
  return parts.some((_, i) => DANGEROUS_GLOBALS[parts.slice(0, i + 1).join('.')]?.includes('*') ?? false);
}

/**
 * Judges `module.name`. A dotted name (protocol 4 walks attributes: "Outer.Inner") is dangerous
 * when any step is a dunder (`__builtins__`, `__globals__`: the way from any function to eval)
 * or names a dangerous global on the way.
 */
export function judgeGlobal(module: string, name: string): GlobalJudgement {
  if (inDangerousModule(module) || listed(DANGEROUS_GLOBALS, module, name)) return 'dangerous';
  if (name.includes('.')) {
    const steps = name.split('.');
    if (steps.some((step) => step.startsWith('__'))) return 'dangerous';
    for (let i = 1; i <= steps.length; i += 1) {
      const path = [module, ...steps.slice(0, i)];
      const step = path.pop() as string;
      if (inDangerousModule(path.join('.')) || listed(DANGEROUS_GLOBALS, path.join('.'), step)) return 'dangerous';
    }
  }
  return listed(SAFE_GLOBALS, module, name) ? 'safe' : 'unknown';
}
