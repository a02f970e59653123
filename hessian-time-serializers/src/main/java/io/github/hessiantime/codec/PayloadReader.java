package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;

/**
 * Reads the big-endian fields of one compact payload of a known length, with every bound checked: straight from
 * the Hessian input, or from a buffer for a payload that arrived in chunks.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class PayloadReader {
    private final Class<?> type;
    private final Hessian2Input input;
    private final byte[] bytes;
    private final int end;
    private int position;
    private int lastNano;

    /** A payload that the caller gathered into {@code bytes}. */
    public PayloadReader(Class<?> type, byte[] bytes, int length) {
        this.type = type;
        this.input = null;
        this.bytes = bytes;
        this.end = length;
    }

    /** A payload of {@code length} bytes that comes next in {@code input}. */
    PayloadReader(Class<?> type, Hessian2Input input, int length) {
        this.type = type;
        this.input = input;
        this.bytes = null;
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

    /**
     * The next {@code n} bytes (1 to 8) as a big-endian bit pattern. One bounds check for all of them, and no call
     * per byte beyond the input's own read: this runs for every value of a page.
     */
    private long bigEndian(int n) throws TimeDecodingException {
        require(n);
        long value = 0;
        if (bytes != null) {
            for (int i = 0; i < n; i++) {
                value = (value << 8) | (bytes[position++] & 0xff);
            }
            return value;
        }
        int endOfStream = 0;
        try {
            for (int i = 0; i < n; i++) {
                int b = input.read();
                endOfStream |= b; // negative once any read hit the end of the stream
                value = (value << 8) | (b & 0xff);
            }
        } catch (IOException e) {
            throw new TimeDecodingException(type, Problem.TRUNCATED, "the input failed inside the payload", e);
        }
        position += n;
        if (endOfStream < 0) {
            throw new TimeDecodingException(type, Problem.TRUNCATED, "the stream ends inside the payload");
        }
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

    /** The nano-of-second of the last {@code EpochPayload#readSeconds} on this payload. */
    public int lastNano() {
        return lastNano;
    }

    void setLastNano(int nano) {
        lastNano = nano;
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
