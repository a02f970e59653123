package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

/**
 * Unsigned LEB128 varints (7 bits per byte, low groups first, high bit set on all but the last byte) and the
 * zigzag mapping of signed values onto them, so that small magnitudes of either sign take one byte.
 */
final class Varints {
    private Varints() {
    }

    public static int putUnsigned(byte[] buffer, int position, long value) {
        while ((value & ~0x7fL) != 0) {
            buffer[position++] = (byte) ((value & 0x7f) | 0x80);
            value >>>= 7;
        }
        buffer[position++] = (byte) value;
        return position;
    }

    public static int putZigZag(byte[] buffer, int position, long value) {
        return putUnsigned(buffer, position, (value << 1) ^ (value >> 63));
    }

    /** Reads an unsigned varint of at most {@code maxBits} significant bits (at most 64). */
    public static long readUnsigned(PayloadReader in, String field, int maxBits) throws TimeDecodingException {
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            if (shift >= maxBits) {
                throw in.error(Problem.OUT_OF_RANGE, field + ": varint longer than " + maxBits + " bits");
            }
            int b = in.u8();
            long group = b & 0x7f;
            if (shift + 7 > maxBits && (group >>> (maxBits - shift)) != 0) {
                throw in.error(Problem.OUT_OF_RANGE, field + ": varint does not fit " + maxBits + " bits");
            }
            value |= group << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
    }

    /** Reads a zigzag varint of at most {@code maxBits} bits, 32 or 64. */
    public static long readZigZag(PayloadReader in, String field, int maxBits) throws TimeDecodingException {
        long zigzag = readUnsigned(in, field, maxBits);
        return (zigzag >>> 1) ^ -(zigzag & 1);
    }
}
