package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

/**
 * Reads the big-endian fields of one compact payload of a known length, with every bound checked. Where the bytes
 * come from is the subclass's: {@link #of} reads a payload gathered into a byte array; the hessian layer reads one
 * straight from its input.
 */
public abstract class PayloadReader {
    private final Class<?> type;
    private final int end;
    private int position;

    /** A payload of {@code length} bytes, read as part of a {@code type}. */
    protected PayloadReader(Class<?> type, int length) {
        this.type = type;
        this.end = length;
    }

    /** A payload that the caller gathered into the first {@code length} bytes of {@code bytes}. */
    public static PayloadReader of(Class<?> type, byte[] bytes, int length) {
        return new InBytes(type, bytes, length);
    }

    /**
     * The next {@code n} bytes (1 to 8, within the payload: the caller checked the bound once for all of them) as a
     * big-endian bit pattern; {@code offset} is where they start in the payload.
     */
    protected abstract long next(int offset, int n) throws TimeDecodingException;

    public Class<?> type() {
        return type;
    }

    public int remaining() {
        return end - position;
    }

    public int length() {
        return end;
    }

    public int u8() throws TimeDecodingException {
        return (int) bigEndian(1);
    }

    /** A two's complement big-endian integer of {@code n} bytes, 1 to 8. */
    public long signed(int n) throws TimeDecodingException {
        int unused = 64 - 8 * n;
        return (bigEndian(n) << unused) >> unused;
    }

    /** An unsigned big-endian integer of {@code n} bytes, 1 to 7. */
    public long unsigned(int n) throws TimeDecodingException {
        return bigEndian(n);
    }

    /** One bounds check for all {@code n} bytes: this runs for every field of every value of a page. */
    private long bigEndian(int n) throws TimeDecodingException {
        require(n);
        long value = next(position, n);
        position += n;
        return value;
    }

    /** Copies {@code n} raw bytes. */
    public byte[] bytes(int n) throws TimeDecodingException {
        require(n);
        byte[] copy = new byte[n];
        for (int i = 0; i < n; i++) {
            copy[i] = (byte) bigEndian(1);
        }
        return copy;
    }

    /** The payload must end exactly here. */
    public void expectEnd() throws TimeDecodingException {
        if (position != end) {
            throw error(Problem.BAD_LENGTH, "payload of " + end + " bytes has " + (end - position)
                    + " unexpected trailing bytes");
        }
    }

    public TimeDecodingException error(Problem problem, String detail) {
        return new TimeDecodingException(type, problem, detail);
    }

    public TimeDecodingException badLength(String what) {
        return error(Problem.BAD_LENGTH, what + ": a payload of " + end + " bytes is not a valid length");
    }

    private void require(int n) throws TimeDecodingException {
        if (end - position < n) {
            throw error(Problem.BAD_LENGTH, "payload of " + end + " bytes ends at byte " + position
                    + ", but " + n + " more are needed");
        }
    }

    private static final class InBytes extends PayloadReader {
        private final byte[] bytes;

        InBytes(Class<?> type, byte[] bytes, int length) {
            super(type, length);
            this.bytes = bytes;
        }

        @Override
        protected long next(int offset, int n) {
            long value = 0;
            for (int i = offset; i < offset + n; i++) {
                value = (value << 8) | (bytes[i] & 0xff);
            }
            return value;
        }
    }
}
