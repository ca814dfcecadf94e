/**
 * Reads the safetensors format (https://huggingface.co/docs/safetensors): an 8-byte little-endian
 * header length, a JSON header naming each tensor's dtype, shape and byte range, then the raw
 * bytes. The format is that small, and npm's only reader is a placeholder package, so it is read
 * here. Only what a static embedding model holds is decoded: floats (F32, F16, BF16, F64) and
 * integers (I8, U8, I16, I32, I64).
 */

const SIZES: Record<string, number> = {
  F64: 8,
  F32: 4,
  F16: 2,
  BF16: 2,
  I64: 8,
  I32: 4,
  I16: 2,
  I8: 1,
  U8: 1,
};

/** One tensor: its dtype, its shape, and value `i` of its flattened data as a number. */
export interface Tensor {
  dtype: string;
  shape: number[];
  /** Count of values (the product of the shape). */
  size: number;
  at(i: number): number;
}

export class SafetensorsError extends Error {
  override readonly name = 'SafetensorsError';
}

/** A half-precision float (IEEE 754 binary16) from its 16 bits. */
export function halfToNumber(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

function reader(dtype: string, bytes: Uint8Array): (i: number) => number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (dtype) {
    case 'F64':
      return (i) => view.getFloat64(i * 8, true);
    case 'F32': {
      // A model of 500,000 tokens is hundreds of megabytes: read it in place when aligned.
      if (bytes.byteOffset % 4 === 0) {
        const floats = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
        return (i) => floats[i]!;
      }
      return (i) => view.getFloat32(i * 4, true);
    }
    case 'F16':
      return (i) => halfToNumber(view.getUint16(i * 2, true));
    case 'BF16': {
      const scratch = new DataView(new ArrayBuffer(4));
      return (i) => {
        scratch.setUint32(0, view.getUint16(i * 2, true) << 16);
        return scratch.getFloat32(0);
      };
    }
    case 'I64':
      return (i) => Number(view.getBigInt64(i * 8, true));
    case 'I32':
      return (i) => view.getInt32(i * 4, true);
    case 'I16':
      return (i) => view.getInt16(i * 2, true);
    case 'I8':
      return (i) => view.getInt8(i);
    case 'U8':
      return (i) => view.getUint8(i);
    default:
      throw new SafetensorsError(`unsupported dtype ${dtype}`);
  }
}

interface HeaderEntry {
  dtype: string;
  shape: number[];
  data_offsets: [number, number];
}

function isEntry(value: unknown): value is HeaderEntry {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.dtype === 'string' &&
    Array.isArray(v.shape) &&
    v.shape.every((n) => Number.isInteger(n) && (n as number) >= 0) &&
    Array.isArray(v.data_offsets) &&
    v.data_offsets.length === 2 &&
    v.data_offsets.every((n) => Number.isInteger(n) && (n as number) >= 0)
  );
}

/** The tensors of a safetensors file, by name. Throws SafetensorsError on a malformed file. */
export function readSafetensors(file: Uint8Array): Map<string, Tensor> {
  if (file.byteLength < 8) throw new SafetensorsError('file too short');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const headerLength = Number(view.getBigUint64(0, true));
  if (headerLength > file.byteLength - 8) throw new SafetensorsError('header longer than file');
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(new TextDecoder().decode(file.subarray(8, 8 + headerLength))) as Record<
      string,
      unknown
    >;
  } catch {
    throw new SafetensorsError('header is not JSON');
  }
  const data = file.subarray(8 + headerLength);
  const tensors = new Map<string, Tensor>();
  for (const [name, entry] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    if (!isEntry(entry)) throw new SafetensorsError(`tensor ${name}: malformed header entry`);
    const width = SIZES[entry.dtype];
    if (!width) throw new SafetensorsError(`tensor ${name}: unsupported dtype ${entry.dtype}`);
    const size = entry.shape.reduce((a, b) => a * b, 1);
    const [begin, end] = entry.data_offsets;
    if (end > data.byteLength || end - begin !== size * width) {
      throw new SafetensorsError(`tensor ${name}: byte range does not match its shape`);
    }
    tensors.set(name, {
      dtype: entry.dtype,
      shape: entry.shape,
      size,
      at: reader(entry.dtype, data.subarray(begin, end)),
    });
  }
  return tensors;
}
