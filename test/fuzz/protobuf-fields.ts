import protobuf from 'protobufjs';

/**
 * A protobuf message as the wire has it: fields in order, each a number, a wire type and a
 * payload, with no schema. The fuzzer bends messages at this level (wrong wire types, unknown
 * numbers, lengths that lie, invalid UTF-8) where no typed encoder would let it.
 */
export interface ProtoField {
  no: number;
  /** 0 varint, 1 fixed64, 2 length-delimited, 3/4 group start/end (deprecated), 5 fixed32, 6/7 invalid. */
  wire: number;
  /** A varint or fixed value, raw bytes, or a nested message (wire 2) or group body (wire 3). */
  value: bigint | Uint8Array | ProtoField[];
  /** A length prefix that differs from the payload's real length by this much. */
  lengthLie?: number;
  /** Bytes written as they are instead of the field (deep groups, overlong varints). */
  raw?: Uint8Array;
}

/** The fields of `message` (proto3 JSON shape) by the type's schema, as protobufjs would write them. */
export function fieldsOf(type: protobuf.Type, message: Record<string, unknown>): ProtoField[] {
  const fields: ProtoField[] = [];
  for (const field of type.fieldsArray) {
    const value = message[field.name];
    if (value === undefined || value === null) continue;
    for (const item of field.repeated ? (value as unknown[]) : [value]) {
      fields.push(fieldOf(field, item));
    }
  }
  return fields;
}

function fieldOf(field: protobuf.Field, value: unknown): ProtoField {
  field.resolve();
  const { resolvedType } = field;
  if (resolvedType instanceof protobuf.Type) {
    return {
      no: field.id,
      wire: 2,
      value: fieldsOf(resolvedType, value as Record<string, unknown>),
    };
  }
  if (resolvedType instanceof protobuf.Enum) {
    return { no: field.id, wire: 0, value: BigInt(resolvedType.values[value as string] ?? 0) };
  }
  if (field.type === 'bool') return { no: field.id, wire: 0, value: value ? 1n : 0n };
  if (field.type === 'string') return { no: field.id, wire: 2, value: utf8(String(value)) };
  // Bytes arrive in the proto3 JSON shape: base64.
  if (field.type === 'bytes')
    return { no: field.id, wire: 2, value: Buffer.from(String(value), 'base64') };
  return { no: field.id, wire: 0, value: BigInt(value as number) };
}

/** A string in UTF-8 as protobufjs writes it: a lone surrogate becomes 3 bytes, not U+FFFD. */
export function utf8(text: string): Uint8Array {
  // The same bytes, natively, when there is no surrogate for the two to differ on.
  if (!/[\ud800-\udfff]/.test(text)) return Buffer.from(text);
  const bytes = new Uint8Array(protobuf.util.utf8.length(text));
  protobuf.util.utf8.write(text, bytes, 0);
  return bytes;
}

export function varint(value: bigint): Buffer {
  const bytes: number[] = [];
  let rest = BigInt.asUintN(64, value);
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    bytes.push(rest > 0n ? low | 0x80 : low);
  } while (rest > 0n);
  return Buffer.from(bytes);
}

function fixed(value: bigint, bytes: 4 | 8): Buffer {
  const out = Buffer.alloc(bytes);
  if (bytes === 8) out.writeBigUInt64LE(BigInt.asUintN(64, value));
  else out.writeUInt32LE(Number(BigInt.asUintN(32, value)));
  return out;
}

/** The tag: field numbers past 2^29 - 1 make a varint longer than the protocol allows. */
const tag = (no: number, wire: number) => varint((BigInt(no) << 3n) | BigInt(wire & 7));

const asBigInt = (value: ProtoField['value']): bigint => (typeof value === 'bigint' ? value : 0n);

function asBytes(value: ProtoField['value']): Uint8Array {
  if (typeof value === 'bigint') return varint(value);
  return Array.isArray(value) ? encodeFields(value) : value;
}

export function encodeFields(fields: readonly ProtoField[]): Buffer {
  const parts: Buffer[] = [];
  for (const field of fields) {
    if (field.raw) {
      parts.push(Buffer.from(field.raw));
      continue;
    }
    parts.push(tag(field.no, field.wire));
    switch (field.wire) {
      case 0:
        parts.push(varint(asBigInt(field.value)));
        break;
      case 1:
        parts.push(fixed(asBigInt(field.value), 8));
        break;
      case 5:
        parts.push(fixed(asBigInt(field.value), 4));
        break;
      case 2: {
        const payload = asBytes(field.value);
        parts.push(
          varint(BigInt(Math.max(0, payload.length + (field.lengthLie ?? 0)))),
          Buffer.from(payload),
        );
        break;
      }
      case 3:
        parts.push(Buffer.from(asBytes(field.value)), tag(field.no, 4));
        break;
      default:
        // 4 (an end without a start), 6 and 7 (no such wire type): whatever follows is payload.
        if (typeof field.value !== 'bigint') parts.push(Buffer.from(asBytes(field.value)));
    }
  }
  return Buffer.concat(parts);
}

/** Groups nested `depth` deep under field `no`, made without recursion (a recursive reader may not cope). */
export function nestedGroups(no: number, depth: number): Buffer {
  const start = tag(no, 3);
  const end = tag(no, 4);
  return Buffer.concat([
    Buffer.alloc(start.length * depth, start),
    Buffer.alloc(end.length * depth, end),
  ]);
}
