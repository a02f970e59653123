package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractDeserializer;
import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.util.Arrays;

/**
 * Reads one java.time type from any of the formats found on the wire, chosen by the class definition it is
 * registered for (its {@link Source}): the compact format, hessian-lite's default "handle" format, and class
 * definitions named after the java.time class itself (hessian-lite's {@code compactMode}, or a typed read that fell
 * back to the declared type). Every failure is a {@link TimeDecodingException}; it never returns {@code null}.
 */
public abstract class TimeDeserializer<T> extends AbstractDeserializer {

    /** Which class definition this instance reads. */
    public enum Source {
        /** The {@code ht.*} wire type of the compact format. */
        COMPACT,
        /** hessian-lite's {@code ...java8.*Handle} classes: its default format. */
        HESSIAN_LITE_HANDLE,
        /** The java.time class itself. */
        JAVA_TIME_CLASS
    }

    protected final WireType wire;
    protected final Class<T> type;
    private final Source source;

    protected TimeDeserializer(WireType wire, Class<T> type, Source source) {
        this.wire = wire;
        this.type = type;
        this.source = source;
    }

    @Override
    public Class<?> getType() {
        return type;
    }

    public Source source() {
        return source;
    }

    @Override
    public Object readObject(AbstractHessianInput in, Object[] fields) throws IOException {
        String[] names = fieldNames(fields);
        switch (source) {
            case HESSIAN_LITE_HANDLE:
                return readHandle(in, names);
            case COMPACT:
                if (!isCompactDefinition(names)) {
                    throw new TimeDecodingException(type, Problem.UNKNOWN_FORMAT_VERSION, "class definition "
                            + wire.wireName() + " has fields " + Arrays.toString(names) + "; this reader knows v1 ["
                            + wire.fieldName() + "]");
                }
                return readCompact(in);
            default:
                if (isCompactDefinition(names)) {
                    return readCompact(in);
                }
                return readJavaTimeClass(in, names);
        }
    }

    private boolean isCompactDefinition(String[] names) {
        return names.length == 1 && wire.fieldName().equals(names[0]);
    }

    private T readCompact(AbstractHessianInput in) throws IOException {
        PayloadReader payload = BinaryPayload.open(in, type, wire.maxPayloadLength());
        T value = decode(payload);
        payload.expectEnd();
        // The writer took a reference slot for this object (CompactSerializer), so the reader takes one too.
        in.addRef(value);
        return value;
    }

    /** Decodes a compact payload; trailing bytes are checked by the caller. */
    protected abstract T decode(PayloadReader payload) throws TimeDecodingException;

    /** Reads hessian-lite's handle object, whose fields are named in {@code names}. */
    protected abstract T readHandle(AbstractHessianInput in, String[] names) throws IOException;

    /**
     * Reads a class definition named after the java.time class that is not the compact one. Only the types that
     * hessian-lite's {@code compactMode} writes this way override it.
     */
    protected T readJavaTimeClass(AbstractHessianInput in, String[] names) throws IOException {
        throw unknownEncoding(names);
    }

    protected TimeDecodingException unknownEncoding(String[] names) {
        return new TimeDecodingException(type, Problem.UNKNOWN_FORMAT_VERSION, "no known encoding has a class "
                + "definition named " + type.getName() + " with fields " + Arrays.toString(names));
    }

    // --- What hessian-lite calls when the wire has something other than an object of this type. ---

    @Override
    public Object readObject(AbstractHessianInput in) throws IOException {
        String found = "a value that is not an object";
        if (in instanceof Hessian2Input) {
            found = HessianTags.describe(((Hessian2Input) in).read());
        }
        throw new TimeDecodingException(type, Problem.WRONG_TYPE, "expected an object, found " + found);
    }

    @Override
    public Object readMap(AbstractHessianInput in) throws IOException {
        throw new TimeDecodingException(type, Problem.WRONG_TYPE, "expected an object, found a map");
    }

    @Override
    public Object readList(AbstractHessianInput in, int length) throws IOException {
        throw new TimeDecodingException(type, Problem.WRONG_TYPE, "expected an object, found a list");
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length) throws IOException {
        throw new TimeDecodingException(type, Problem.WRONG_TYPE, "expected an object, found a list");
    }

    // --- Helpers for the handle and compactMode formats, whose fields are ordinary Hessian values. ---

    /** Handle objects take a reference slot before their fields are read, exactly as hessian-lite's reader does. */
    protected static int reserveReference(AbstractHessianInput in) throws IOException {
        return in.addRef(null);
    }

    protected T resolveReference(AbstractHessianInput in, int reference, T value) throws IOException {
        in.setRef(reference, value);
        return value;
    }

    protected long readLong(AbstractHessianInput in, String field) throws IOException {
        try {
            return in.readLong();
        } catch (TimeDecodingException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new TimeDecodingException(type, Problem.WRONG_TYPE, "field '" + field + "': " + e.getMessage(), e);
        }
    }

    protected int readInt(AbstractHessianInput in, String field, long min, long max) throws IOException {
        long value = readLong(in, field);
        if (value < min || value > max) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "field '" + field + "' = " + value
                    + " is outside " + min + ".." + max);
        }
        return (int) value;
    }

    protected <V> V readValue(AbstractHessianInput in, String field, Class<V> expected) throws IOException {
        Object value;
        try {
            value = in.readObject(expected);
        } catch (TimeDecodingException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new TimeDecodingException(type, Problem.WRONG_TYPE, "field '" + field + "': " + e.getMessage(), e);
        }
        if (value == null) {
            throw new TimeDecodingException(type, Problem.MISSING_FIELD, "field '" + field + "' is null");
        }
        if (!expected.isInstance(value)) {
            throw new TimeDecodingException(type, Problem.WRONG_TYPE, "field '" + field + "' is a "
                    + value.getClass().getName() + ", expected " + expected.getName());
        }
        return expected.cast(value);
    }

    protected static void skip(AbstractHessianInput in) throws IOException {
        in.readObject();
    }

    /** Throws for the first of {@code fields} whose bit is not set in {@code seen}. */
    protected void requireFields(int seen, int all, String... fields) throws TimeDecodingException {
        if (seen != all) {
            for (int i = 0; i < fields.length; i++) {
                if ((seen & (1 << i)) == 0) {
                    throw missing(fields[i]);
                }
            }
        }
    }

    protected TimeDecodingException missing(String field) {
        return new TimeDecodingException(type, Problem.MISSING_FIELD, "field '" + field + "' is absent");
    }

    /** Wraps a java.time range check into a decoding error. */
    protected TimeDecodingException outOfRange(String what, RuntimeException cause) {
        return new TimeDecodingException(type, Problem.OUT_OF_RANGE, what + ": " + cause.getMessage(), cause);
    }

    private static String[] fieldNames(Object[] fields) {
        if (fields instanceof String[]) {
            return (String[]) fields;
        }
        String[] names = new String[fields.length];
        for (int i = 0; i < fields.length; i++) {
            names[i] = String.valueOf(fields[i]);
        }
        return names;
    }
}
