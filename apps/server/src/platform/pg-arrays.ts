/*
 * One-dimensional arrays as statement parameters in PostgreSQL's binary format, for the batch
 * statements of the paid call (provider/charger.ts): node-postgres sends a Buffer parameter as
 * binary, and PostgreSQL reads it with the declared type's receive function (`$1::text[]` ->
 * array_recv). A JavaScript array parameter would instead be written as an array literal, each
 * element escaped in JavaScript (quotes and backslashes: a call's request and its started event are
 * JSON), and parsed back character by character by PostgreSQL's array_in. Binary, each element is
 * its length and its bytes: nothing escaped, nothing parsed. What that saved:
 * bench/README.md, "The paid call's statements".
 *
 * The format (PostgreSQL's array_send/array_recv, src/backend/utils/adt/arrayfuncs.c): int32
 * dimensions (1), int32 has-nulls flag, uint32 element type oid, then per dimension int32 length
 * and int32 lower bound (1), then per element int32 byte length (-1 for NULL) and its bytes in the
 * element type's own binary format.
 */

const TEXT_OID = 25;
const INT4_OID = 23;
const TIMESTAMPTZ_OID = 1184;
const FLOAT8_OID = 701;
const BOOL_OID = 16;
const HEADER_BYTES = 20;
/** Milliseconds from the Unix epoch to PostgreSQL's (2000-01-01 UTC). */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

function header(buffer: Buffer, elementOid: number, length: number, hasNulls: boolean) {
  buffer.writeInt32BE(1, 0);
  buffer.writeInt32BE(hasNulls ? 1 : 0, 4);
  buffer.writeUInt32BE(elementOid, 8);
  buffer.writeInt32BE(length, 12);
  buffer.writeInt32BE(1, 16);
}

/** A `text[]` parameter: each string as its UTF-8 bytes; null and undefined as NULL. */
export function textArray(values: readonly (string | null | undefined)[]): Buffer {
  let size = HEADER_BYTES;
  let hasNulls = false;
  const lengths = values.map((value) => {
    if (value == null) {
      hasNulls = true;
      size += 4;
      return -1;
    }
    const bytes = Buffer.byteLength(value);
    size += 4 + bytes;
    return bytes;
  });
  const buffer = Buffer.allocUnsafe(size);
  header(buffer, TEXT_OID, values.length, hasNulls);
  let offset = HEADER_BYTES;
  values.forEach((value, index) => {
    const bytes = lengths[index] as number;
    buffer.writeInt32BE(bytes, offset);
    offset += 4;
    if (value != null) offset += buffer.write(value, offset);
  });
  return buffer;
}

/** Fixed-size elements: `write` puts one non-null value at the offset. */
function fixedArray<T>(
  values: readonly (T | null | undefined)[],
  elementOid: number,
  bytes: number,
  write: (buffer: Buffer, value: T, offset: number) => void,
): Buffer {
  const buffer = Buffer.allocUnsafe(HEADER_BYTES + values.length * (4 + bytes));
  header(
    buffer,
    elementOid,
    values.length,
    values.some((value) => value == null),
  );
  let offset = HEADER_BYTES;
  for (const value of values) {
    if (value == null) {
      buffer.writeInt32BE(-1, offset);
      offset += 4;
      continue;
    }
    buffer.writeInt32BE(bytes, offset);
    write(buffer, value, offset + 4);
    offset += 4 + bytes;
  }
  return buffer.subarray(0, offset);
}

/**
 * An `int[]` parameter. A value that is not an int4 (a fraction, NaN, beyond its range) is refused
 * with a RangeError, as PostgreSQL refuses it in text: Buffer's writer would truncate a fraction.
 */
export const intArray = (values: readonly (number | null | undefined)[]) =>
  fixedArray(values, INT4_OID, 4, (buffer, value: number, offset) => {
    if (!Number.isInteger(value)) throw new RangeError(`${value} is not an integer`);
    buffer.writeInt32BE(value, offset);
  });

/** A `timestamptz[]` parameter: microseconds since 2000-01-01 UTC, as PostgreSQL stores them. */
export const timestampArray = (values: readonly (Date | null | undefined)[]) =>
  fixedArray(values, TIMESTAMPTZ_OID, 8, (buffer, value: Date, offset) => {
    const ms = value.getTime();
    if (!Number.isFinite(ms)) throw new RangeError('an invalid Date cannot be sent as a timestamp');
    buffer.writeBigInt64BE(BigInt(ms - POSTGRES_EPOCH_MS) * 1000n, offset);
  });

/** A `float8[]` parameter. */
export const floatArray = (values: readonly (number | null | undefined)[]) =>
  fixedArray(values, FLOAT8_OID, 8, (buffer, value: number, offset) => buffer.writeDoubleBE(value, offset));

/** A `boolean[]` parameter. */
export const boolArray = (values: readonly (boolean | null | undefined)[]) =>
  fixedArray(values, BOOL_OID, 1, (buffer, value: boolean, offset) =>
    buffer.writeUInt8(value ? 1 : 0, offset),
  );
