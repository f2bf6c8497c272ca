/**
 * The demo's model weights: tiny but real files in the format a demo model's card names, so the card
 * never claims what the files are not, and the safety scan reads real headers (safetensors, GGUF).
 * Each holds one small output layer (a weight matrix and a bias); the card's parameter count is
 * what the file holds.
 */

/** The weights formats the demo ships; a demo model card names one of these. */
export const DEMO_WEIGHT_FORMATS = ['safetensors', 'gguf', 'onnx'] as const;
export type DemoWeightFormat = (typeof DEMO_WEIGHT_FORMATS)[number];

/** The layer every demo weights file holds: 64 inputs, 8 outputs. */
const INPUTS = 64;
const OUTPUTS = 8;

export interface DemoWeights {
  fileName: string;
  bytes: Buffer;
  /** How many numbers (weights and biases) the file holds. */
  parameters: number;
}

export function isDemoWeightFormat(format: string): format is DemoWeightFormat {
  return (DEMO_WEIGHT_FORMATS as readonly string[]).includes(format);
}

/** The weights file of a demo model in `format`, named `model.<format>`. */
export function demoWeights(format: DemoWeightFormat, name: string): DemoWeights {
  const weight = floats(INPUTS * OUTPUTS, 1);
  const bias = floats(OUTPUTS, 2);
  const parameters = INPUTS * OUTPUTS + OUTPUTS;
  const fileName = `model.${format}`;
  if (format === 'safetensors') return { fileName, parameters, bytes: safetensors(weight, bias, name) };
  if (format === 'gguf') return { fileName, parameters, bytes: gguf(weight, bias, name) };
  return { fileName, parameters, bytes: onnx(weight, bias, name) };
}

/** Small deterministic float32 values, as a trained layer's look. */
function floats(count: number, seed: number): Buffer {
  const bytes = Buffer.alloc(count * 4);
  for (let i = 0; i < count; i += 1) bytes.writeFloatLE(Math.sin((i + 1) * 12.9898 * seed) * 0.1, i * 4);
  return bytes;
}

/** safetensors: an 8-byte header length, the JSON header, then the tensors' bytes back to back. */
function safetensors(weight: Buffer, bias: Buffer, name: string): Buffer {
  const json = JSON.stringify({
    __metadata__: { format: 'pt', name },
    'classifier.weight': { dtype: 'F32', shape: [OUTPUTS, INPUTS], data_offsets: [0, weight.length] },
    'classifier.bias': { dtype: 'F32', shape: [OUTPUTS], data_offsets: [weight.length, weight.length + bias.length] },
  });
  // Padded with spaces so the data starts 8-byte aligned, as the reference writer does.
  const raw = Buffer.from(json, 'utf8');
  const header = Buffer.concat([raw, Buffer.alloc((8 - (raw.length % 8)) % 8, ' ')]);
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  return Buffer.concat([length, header, weight, bias]);
}

const GGUF_ALIGNMENT = 32;
const GGUF_TYPE_UINT32 = 4;
const GGUF_TYPE_STRING = 8;
const GGML_TYPE_F32 = 0;

/** GGUF version 3: magic, counts, metadata, tensor descriptions, then the data aligned to 32 bytes. */
function gguf(weight: Buffer, bias: Buffer, name: string): Buffer {
  const u32 = (value: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    return b;
  };
  const u64 = (value: number) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    return b;
  };
  const text = (value: string) => {
    const b = Buffer.from(value, 'utf8');
    return Buffer.concat([u64(b.length), b]);
  };
  const metadata = [
    Buffer.concat([text('general.architecture'), u32(GGUF_TYPE_STRING), text('llama')]),
    Buffer.concat([text('general.name'), u32(GGUF_TYPE_STRING), text(name)]),
    Buffer.concat([text('general.alignment'), u32(GGUF_TYPE_UINT32), u32(GGUF_ALIGNMENT)]),
  ];
  // GGUF lists dimensions innermost first: a [OUTPUTS, INPUTS] matrix is (INPUTS, OUTPUTS).
  const tensors = [
    Buffer.concat([text('output.weight'), u32(2), u64(INPUTS), u64(OUTPUTS), u32(GGML_TYPE_F32), u64(0)]),
    Buffer.concat([text('output.bias'), u32(1), u64(OUTPUTS), u32(GGML_TYPE_F32), u64(weight.length)]),
  ];
  const head = Buffer.concat([
    Buffer.from('GGUF', 'latin1'),
    u32(3),
    u64(tensors.length),
    u64(metadata.length),
    ...metadata,
    ...tensors,
  ]);
  const padding = Buffer.alloc((GGUF_ALIGNMENT - (head.length % GGUF_ALIGNMENT)) % GGUF_ALIGNMENT);
  return Buffer.concat([head, padding, weight, bias]);
}

/** Protocol buffers, as much as an ONNX model needs: varints, and length-delimited fields. */
function varint(value: number): Buffer {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return Buffer.from(out);
}
const numberField = (field: number, value: number) => Buffer.concat([varint(field << 3), varint(value)]);
const bytesField = (field: number, value: Buffer | string) => {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  return Buffer.concat([varint((field << 3) | 2), varint(bytes.length), bytes]);
};

const ONNX_FLOAT = 1;

/**
 * ONNX (a ModelProto): IR version 8, opset 17, and a graph with one Gemm node whose weight and bias
 * are initializers: output[1, 8] = input[1, 64] × weight[64, 8] + bias[8].
 */
function onnx(weight: Buffer, bias: Buffer, name: string): Buffer {
  // TensorProto: dims (1), data_type (2), name (8), raw_data (9).
  const initializer = (tensor: string, dims: number[], data: Buffer) =>
    Buffer.concat([
      ...dims.map((d) => numberField(1, d)),
      numberField(2, ONNX_FLOAT),
      bytesField(8, tensor),
      bytesField(9, data),
    ]);
  // ValueInfoProto: name (1), type (2) → TypeProto.tensor_type (1) → elem_type (1), shape (2) → dim (1) → dim_value (1).
  const valueInfo = (value: string, dims: number[]) =>
    Buffer.concat([
      bytesField(1, value),
      bytesField(
        2,
        bytesField(
          1,
          Buffer.concat([
            numberField(1, ONNX_FLOAT),
            bytesField(2, Buffer.concat(dims.map((d) => bytesField(1, numberField(1, d))))),
          ]),
        ),
      ),
    ]);
  // NodeProto: input (1), output (2), name (3), op_type (4).
  const node = Buffer.concat([
    bytesField(1, 'input'),
    bytesField(1, 'weight'),
    bytesField(1, 'bias'),
    bytesField(2, 'output'),
    bytesField(3, 'classifier'),
    bytesField(4, 'Gemm'),
  ]);
  // GraphProto: node (1), name (2), initializer (5), input (11), output (12).
  const graph = Buffer.concat([
    bytesField(1, node),
    bytesField(2, name),
    bytesField(5, initializer('weight', [INPUTS, OUTPUTS], weight)),
    bytesField(5, initializer('bias', [OUTPUTS], bias)),
    bytesField(11, valueInfo('input', [1, INPUTS])),
    bytesField(12, valueInfo('output', [1, OUTPUTS])),
  ]);
  // ModelProto: ir_version (1), producer_name (2), graph (7), opset_import (8) → version (2).
  return Buffer.concat([
    numberField(1, 8),
    bytesField(2, 'marketplace-demo'),
    bytesField(7, graph),
    bytesField(8, numberField(2, 17)),
  ]);
}
