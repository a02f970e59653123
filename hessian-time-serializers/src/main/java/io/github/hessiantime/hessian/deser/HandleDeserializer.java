package io.github.hessiantime.hessian.deser;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.hessian.HandleField;
import io.github.hessiantime.hessian.HandleFormat;
import io.github.hessiantime.hessian.HandleValues;
import io.github.hessiantime.hessian.WireType;

import java.io.IOException;
import java.time.DateTimeException;

/**
 * Reads hessian-lite's default format, the handle object ({@code ...java8.InstantHandle} and so on) that stock
 * hessian-lite writes on both lines: registered only for that handle class's name. Each field is read as its
 * {@link HandleFormat} declares it (an integer in range, or an object of a class), fields it does not know are
 * skipped, and a missing one is an error, never a zero. A value java.time refuses to make of the fields is
 * OUT_OF_RANGE.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class HandleDeserializer<T> extends TimeDeserializer<T> {
    /**
     * How many handle readers may be active inside each other on one thread. The deepest real value is three (a
     * ZonedDateTime handle holds a LocalDateTime handle, which holds a LocalDate handle); deeper nesting can only
     * come from handles hidden in unknown fields, and stops here long before the stack ends. Compact and
     * compactMode values hold no nested values, so only this reader counts.
     */
    public static final int MAX_NESTING = 32;

    // One counter per thread: readers nest only on the thread that reads the stream. Scratch state, never settings.
    private static final ThreadLocal<int[]> NESTING = ThreadLocal.withInitial(() -> new int[1]);

    private final HandleFormat format;
    private final HandleField[] declared;

    public HandleDeserializer(WireType wire) {
        super(wire);
        this.format = wire.handleFormat();
        this.declared = format.fields();
    }

    @Override
    protected T readFields(AbstractHessianInput in, Object[] names) throws IOException {
        int[] nesting = NESTING.get();
        if (nesting[0] >= MAX_NESTING) {
            throw new TimeDecodingException(type, Problem.NESTING_TOO_DEEP, "more than " + MAX_NESTING
                    + " java.time handles are nested inside each other");
        }
        nesting[0]++;
        try {
            return readHandle(in, names);
        } finally {
            nesting[0]--;
        }
    }

    private T readHandle(AbstractHessianInput in, Object[] names) throws IOException {
        // Like hessian-lite's own reader, take the object's reference slot before its fields are read.
        int reference = in.addRef(null);
        long[] integers = new long[declared.length];
        Object[] objects = new Object[declared.length];
        boolean[] seen = new boolean[declared.length];
        for (Object name : names) {
            int index = indexOf(name);
            if (index < 0) {
                in.readObject();
                continue;
            }
            if (seen[index]) {
                throw new TimeDecodingException(type, Problem.MALFORMED_STREAM, "field '" + name
                        + "' appears twice in the class definition");
            }
            seen[index] = true;
            HandleField field = declared[index];
            if (field.isInteger()) {
                integers[index] = readInteger(in, field);
            } else {
                objects[index] = readObject(in, field);
            }
        }
        for (int i = 0; i < declared.length; i++) {
            if (!seen[i]) {
                throw new TimeDecodingException(type, Problem.MISSING_FIELD, "field '" + declared[i].name()
                        + "' is absent");
            }
        }
        T value;
        try {
            value = type.cast(format.fromHandle(new HandleValues(integers, objects)));
        } catch (DateTimeException | ArithmeticException e) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, e.getMessage(), e);
        }
        in.setRef(reference, value);
        return value;
    }

    private int indexOf(Object name) {
        for (int i = 0; i < declared.length; i++) {
            if (declared[i].name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private long readInteger(AbstractHessianInput in, HandleField field) throws IOException {
        long value;
        try {
            value = in.readLong();
        } catch (TimeDecodingException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new TimeDecodingException(type, Problem.WRONG_TYPE, "field '" + field.name() + "': "
                    + e.getMessage(), e);
        }
        if (value < field.min() || value > field.max()) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "field '" + field.name() + "' = " + value
                    + " is outside " + field.min() + ".." + field.max());
        }
        return value;
    }

    private Object readObject(AbstractHessianInput in, HandleField field) throws IOException {
        Object value;
        try {
            value = in.readObject(field.objectType());
        } catch (TimeDecodingException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new TimeDecodingException(type, Problem.WRONG_TYPE, "field '" + field.name() + "': "
                    + e.getMessage(), e);
        }
        if (value == null) {
            throw new TimeDecodingException(type, Problem.MISSING_FIELD, "field '" + field.name() + "' is null");
        }
        if (!field.objectType().isInstance(value)) {
            throw new TimeDecodingException(type, Problem.WRONG_TYPE, "field '" + field.name() + "' is a "
                    + value.getClass().getName() + ", expected " + field.objectType().getName());
        }
        return value;
    }
}
