package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.DateTimeException;
import java.util.Arrays;

/**
 * Everything about one java.time type's bytes, write and read side by side: the compact payload
 * ({@link #encode}/{@link #decode}), hessian-lite's default "handle" object ({@link #toHandle}/{@link #fromHandle}),
 * and, for the three types that have it, hessian-lite's {@code compactMode} object.
 *
 * <p>The Hessian framing around a payload (class definition, reference slot, binary value) is the same for every
 * type and lives in {@code ser.CompactSerializer} and the {@code deser} readers.
 *
 * <p>Internal: not part of hessian-time's public API, which is {@code JavaTimeSerializerFactory} and
 * {@code TimeDecodingException}.
 */
public abstract class TimeCodec<T> {
    protected final Class<T> type;
    private final HandleField[] handleFields;
    private final String[] compactModeFields;

    /** A type that hessian-lite's {@code compactMode} writes as a handle, like its default format. */
    protected TimeCodec(Class<T> type, HandleField... handleFields) {
        this(type, null, handleFields);
    }

    /**
     * A type that hessian-lite's {@code compactMode} writes as a class definition of the java.time class's own name
     * with {@code compactModeFields}; the subclass reads the values in {@link #readCompactMode}.
     */
    protected TimeCodec(Class<T> type, String[] compactModeFields, HandleField... handleFields) {
        this.type = type;
        this.handleFields = handleFields;
        this.compactModeFields = compactModeFields;
    }

    /** The java.time type. */
    public final Class<T> type() {
        return type;
    }

    // --- The compact payload ---

    /** Writes the payload into {@code buffer}, sized {@link WireType#maxPayloadLength()}; returns its length. */
    public abstract int encode(T value, byte[] buffer);

    /** Decodes a whole payload; the caller checks that nothing is left over. */
    public abstract T decode(PayloadReader payload) throws TimeDecodingException;

    // --- hessian-lite's default format: a HessianHandle object with ordinary Hessian fields ---

    /** The handle object stock hessian-lite writes for {@code value}; used for Hessian 1 streams. */
    public abstract Object toHandle(T value);

    /** The fields of the handle object this codec reads, in the order {@link #fromHandle} receives them. */
    public final HandleField[] handleFields() {
        return handleFields.clone();
    }

    /** Builds the value from the handle's fields, each present and of the declared kind. */
    public abstract T fromHandle(HandleValues fields) throws TimeDecodingException;

    // --- hessian-lite's compactMode: a class definition named after the java.time class ---

    /** Whether hessian-lite's {@code compactMode} writes this type as a class definition of its own name. */
    public final boolean hasCompactMode() {
        return compactModeFields != null;
    }

    /** The field names of the {@code compactMode} class definition, for types that have one. */
    public final String[] compactModeFields() {
        if (compactModeFields == null) {
            throw new UnsupportedOperationException(type.getName() + " has no compactMode form");
        }
        return compactModeFields.clone();
    }

    /** Reads the field values of a {@code compactMode} object whose definition has {@link #compactModeFields()}. */
    public T readCompactMode(AbstractHessianInput in) throws IOException {
        throw new UnsupportedOperationException(type.getName() + " has no compactMode form");
    }

    // --- Helpers shared by the codecs ---

    protected final TimeDecodingException outOfRange(String what, DateTimeException cause) {
        return new TimeDecodingException(type, Problem.OUT_OF_RANGE, what + ": " + cause.getMessage(), cause);
    }

    protected final TimeDecodingException outOfRange(String detail) {
        return new TimeDecodingException(type, Problem.OUT_OF_RANGE, detail);
    }

    /** Reads one long of a {@code compactMode} object, naming the field if the stream has something else there. */
    protected final long readCompactModeLong(AbstractHessianInput in, String field) throws IOException {
        try {
            return in.readLong();
        } catch (TimeDecodingException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new TimeDecodingException(type, Problem.WRONG_TYPE, "compactMode field '" + field + "': "
                    + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + Arrays.toString(handleFields);
    }
}
