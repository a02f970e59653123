package io.github.hessiantime.codec;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

/** Reads the big-endian fields of one compact payload, with every bound checked. */
public final class PayloadReader {
    private final Class<?> type;
    private final byte[] bytes;
    private final int end;
    private int position;

    public PayloadReader(Class<?> type, byte[] bytes, int length) {
        this.type = type;
        this.bytes = bytes;
        this.end = length;
    }

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
        require(1);
        return bytes[position++] & 0xff;
    }

    /** A two's complement big-endian integer of {@code n} bytes, 1 to 8. */
    public long signed(int n) throws TimeDecodingException {
        require(n);
        long value = bytes[position];
        for (int i = 1; i < n; i++) {
            value = (value << 8) | (bytes[position + i] & 0xff);
        }
        position += n;
        return value;
    }

    /** An unsigned big-endian integer of {@code n} bytes, 1 to 7. */
    public long unsigned(int n) throws TimeDecodingException {
        require(n);
        long value = 0;
        for (int i = 0; i < n; i++) {
            value = (value << 8) | (bytes[position + i] & 0xff);
        }
        position += n;
        return value;
    }

    /** Copies {@code n} raw bytes. */
    public byte[] bytes(int n) throws TimeDecodingException {
        require(n);
        byte[] copy = new byte[n];
        System.arraycopy(bytes, position, copy, 0, n);
        position += n;
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
}
