package io.github.hessiantime.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.ArrayDeserializer;
import com.alibaba.com.caucho.hessian.io.BasicDeserializer;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.HessianFieldException;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import io.github.hessiantime.TimeDecodingException;

import java.io.IOException;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * "Never allocate from an untrusted length", around the hessian-lite readers that would: a reader of hessian-lite's
 * (or a user's) wrapped so that everything passes through unchanged except two counts a stream claims.
 * <ul>
 *   <li>A class definition's field count: hessian-lite 4.0.x asks the definition's reader for
 *       {@code createFields(count)} ({@code new Object[count]} or {@code new String[count]}) and then allocates the
 *       names array itself, before reading a single name. More than {@link #MAX_FIELDS} is refused first.</li>
 *   <li>A fixed-length array's length ({@code V type length}): hessian-lite's array readers allocate
 *       {@code new X[length]} before reading an element. Up to {@link #PREALLOCATED} elements they still do; a longer
 *       array is read into a buffer that grows with the elements actually present, so a hostile length costs what
 *       the stream really holds. A negative length is refused.</li>
 * </ul>
 * hessian-time's own readers check the field count themselves ({@link BoundedFieldsReader}) and are not wrapped. Each factory
 * hessian-time makes wraps readers where hessian-lite hands them out for class definitions and lists, so the bean,
 * inline and java.time readers are untouched.
 */
public final class LengthGuard implements Deserializer {
    /**
     * The most fields a class definition may declare: the most a Java class hierarchy plausibly has (a class file holds
     * at most 65,535). More is a hostile count, refused before anything is allocated for it.
     */
    public static final int MAX_FIELDS = 65_536;
    /** Arrays up to this length are allocated at once, as hessian-lite does; longer ones grow as they are read. */
    static final int PREALLOCATED = 8_192;

    private final Deserializer reader;
    // hessian-lite's array readers only: whose element reads readGrowing repeats
    private final boolean array;

    private LengthGuard(Deserializer reader, boolean array) {
        this.reader = reader;
        this.array = array;
    }

    /** The reader to hand hessian-lite for a class definition, given the one it chose. */
    public static Deserializer forDefinition(Deserializer chosen) {
        return chosen == null || chosen instanceof BoundedFieldsReader || chosen instanceof LengthGuard ? chosen
                : new LengthGuard(chosen, false);
    }

    /**
     * The reader to hand hessian-lite for a list, given the one it chose: hessian-lite's array readers are wrapped
     * (but those of {@code byte[]} and {@code char[]}, which read no list and allocate nothing).
     */
    public static Deserializer forList(Deserializer chosen) {
        return chosen instanceof ArrayDeserializer || chosen instanceof BasicDeserializer && readsList(chosen.getType())
                ? new LengthGuard(chosen, true) : chosen;
    }

    private static boolean readsList(Class<?> type) {
        return type.isArray() && type != byte[].class && type != char[].class;
    }

    /** Refuses a field count no class has, naming {@code reader} and the count; a checked exception, thrown unchecked. */
    public static void checkFieldCount(Object reader, int count) {
        if (count < 0 || count > MAX_FIELDS) {
            // hessian-lite's caller (readObjectDefinition) declares IOException; createFields cannot
            throw LengthGuard.<RuntimeException>rethrow(new HessianProtocolException(reader + ": a class definition of "
                    + count + " fields (at most " + MAX_FIELDS + ")"));
        }
    }

    @Override
    public Object[] createFields(int length) {
        checkFieldCount(this, length);
        return Line4Deserializer.createFields(reader, length);
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length) throws IOException {
        return array && (length < 0 || length > PREALLOCATED) ? readGrowing(in, length)
                : reader.readLengthList(in, length);
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length, Class<?> expectType) throws IOException {
        return array && (length < 0 || length > PREALLOCATED) ? readGrowing(in, length)
                : reader.readLengthList(in, length, expectType);
    }

    /**
     * What hessian-lite's array readers do, one element at a time into a buffer that doubles: the same element reads
     * (a {@code BasicDeserializer}'s {@code readInt}, {@code readString}... or an {@code ArrayDeserializer}'s
     * {@code readObject(componentType)}), the array in the same reference slot, taken before the elements (set to the
     * final array when it is complete).
     */
    private Object readGrowing(AbstractHessianInput in, int length) throws IOException {
        Class<?> component = getType().getComponentType();
        if (length < 0) {
            throw new HessianProtocolException(this + ": an array of " + length + " elements");
        }
        Object data = Array.newInstance(component, PREALLOCATED);
        int ref = in.addRef(data);
        int read = 0;
        try {
            for (; read < length; read++) {
                if (read == Array.getLength(data)) {
                    data = grow(data, (int) Math.min(length, 2L * read));
                }
                setElement(in, data, read, component);
            }
        } catch (TimeDecodingException | HessianFieldException e) {
            throw e;   // an element's own error, naming its type or field
        } catch (IOException | RuntimeException e) {
            throw new HessianProtocolException(this + ": an array of " + length + " elements, unreadable after "
                    + read + " (" + e + ")", e);
        }
        if (read != Array.getLength(data)) {
            data = grow(data, read);
        }
        in.setRef(ref, data);
        return data;
    }

    private static Object grow(Object data, int length) {
        if (data instanceof Object[]) {
            return Arrays.copyOf((Object[]) data, length);
        }
        Object bigger = Array.newInstance(data.getClass().getComponentType(), length);
        System.arraycopy(data, 0, bigger, 0, Math.min(length, Array.getLength(data)));
        return bigger;
    }

    private void setElement(AbstractHessianInput in, Object data, int i, Class<?> component) throws IOException {
        if (component == int.class) {
            ((int[]) data)[i] = in.readInt();
        } else if (component == long.class) {
            ((long[]) data)[i] = in.readLong();
        } else if (component == double.class) {
            ((double[]) data)[i] = in.readDouble();
        } else if (component == float.class) {
            ((float[]) data)[i] = (float) in.readDouble();
        } else if (component == short.class) {
            ((short[]) data)[i] = (short) in.readInt();
        } else if (component == boolean.class) {
            ((boolean[]) data)[i] = in.readBoolean();
        } else if (reader instanceof BasicDeserializer) {
            // BasicDeserializer's String[] reads strings, its Object[] untyped objects
            ((Object[]) data)[i] = component == String.class ? in.readString() : in.readObject();
        } else {
            ((Object[]) data)[i] = in.readObject(component);
        }
    }

    // Everything else: the wrapped reader's, unchanged.

    @Override
    public Class<?> getType() {
        return reader.getType();
    }

    @Override
    public boolean isReadResolve() {
        return Line4Deserializer.isReadResolve(reader);
    }

    @Override
    public Object readObject(AbstractHessianInput in) throws IOException {
        return reader.readObject(in);
    }

    @Override
    public Object readList(AbstractHessianInput in, int length) throws IOException {
        return reader.readList(in, length);
    }

    @Override
    public Object readList(AbstractHessianInput in, int length, Class<?> expectType) throws IOException {
        return reader.readList(in, length, expectType);
    }

    @Override
    public Object readMap(AbstractHessianInput in) throws IOException {
        return reader.readMap(in);
    }

    @Override
    public Object readMap(AbstractHessianInput in, Class<?> expectKeyType, Class<?> expectValueType)
            throws IOException {
        return reader.readMap(in, expectKeyType, expectValueType);
    }

    @Override
    public Object createField(String name) {
        return Line4Deserializer.createField(reader, name);
    }

    @Override
    public Object readObject(AbstractHessianInput in, Object[] fields) throws IOException {
        return Line4Deserializer.readObject(reader, in, fields);
    }

    @Override
    public Object readObject(AbstractHessianInput in, String[] fieldNames) throws IOException {
        return reader.readObject(in, fieldNames);
    }

    @Override
    public String toString() {
        return "hessian-lite's reader of " + reader.getType().getTypeName();
    }

    /** Throws a checked exception where the signature cannot declare it (hessian-lite's {@code createFields}). */
    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E rethrow(Throwable e) throws E {
        throw (E) e;
    }
}
