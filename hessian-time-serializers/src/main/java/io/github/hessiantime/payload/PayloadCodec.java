package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.time.DateTimeException;

/**
 * One java.time type's compact payload, write and read side by side: {@link #encode} and {@link #decode}. The
 * payload is the whole value; the Hessian binary that frames it is {@code hessian.BinaryPayload}'s.
 */
public abstract class PayloadCodec<T> {
    protected final Class<T> type;
    private final int maxLength;

    protected PayloadCodec(Class<T> type, int maxLength) {
        this.type = type;
        this.maxLength = maxLength;
    }

    /** The java.time type. */
    public final Class<T> type() {
        return type;
    }

    /** Upper bound of the payload; readers never accept, or allocate, more. */
    public final int maxLength() {
        return maxLength;
    }

    /** Writes the payload into {@code buffer}, of at least {@link #maxLength()} bytes; returns its length. */
    public abstract int encode(T value, byte[] buffer);

    /** Decodes a whole payload; the caller checks that nothing is left over. */
    public abstract T decode(PayloadReader payload) throws TimeDecodingException;

    protected final TimeDecodingException outOfRange(String what, DateTimeException cause) {
        return new TimeDecodingException(type, Problem.OUT_OF_RANGE, what + ": " + cause.getMessage(), cause);
    }

    protected final TimeDecodingException outOfRange(String detail) {
        return new TimeDecodingException(type, Problem.OUT_OF_RANGE, detail);
    }
}
