package io.github.hessiantime.hessian.deser;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.hessian.BoundedFieldsReader;
import io.github.hessiantime.hessian.HessianTags;
import io.github.hessiantime.hessian.LengthGuard;
import io.github.hessiantime.hessian.WireType;

import java.io.IOException;
import java.util.Arrays;

/**
 * What every hessian-time reader shares: the entry points of both hessian-lite lines, and the guarantees that only
 * a {@link TimeDecodingException} leaves it.
 *
 * <p>hessian-lite 3.2.x calls {@link #readObject(AbstractHessianInput, String[])}; 4.0.x calls
 * {@link #readObject(AbstractHessianInput, Object[])}, and the {@code String[]} variant when the declared type is not
 * the reader's. Both lead to {@link #readFields}. A reader is only ever handed the field names of the class
 * definition, never its type name, so each subclass is registered for exactly one kind of definition and knows it.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public abstract class TimeDeserializer<T> extends BoundedFieldsReader {
    protected final WireType wire;
    protected final Class<T> type;

    @SuppressWarnings("unchecked")
    protected TimeDeserializer(WireType wire) {
        this.wire = wire;
        this.type = (Class<T>) wire.javaType();
    }

    @Override
    public Class<?> getType() {
        return type;
    }

    /** hessian-lite 4.0.x, once per class definition: refuses a count no class has before anything is allocated. */
    @Override
    public Object[] createFields(int length) {
        LengthGuard.checkFieldCount(this, length);
        return new String[length];   // AbstractDeserializer's, which hessian-lite 3.2.x lacks (never called there)
    }

    /**
     * hessian-lite 4.0.x: the fields that {@code createFields}/{@code createField} made, which are the names. No
     * copy into a {@code String[]}: this runs once per value.
     */
    public Object readObject(AbstractHessianInput in, Object[] fields) throws IOException {
        return readGuarded(in, fields);
    }

    /** hessian-lite 3.2.x, and 4.0.x for a typed read whose declared type is not this reader's. */
    @Override
    public Object readObject(AbstractHessianInput in, String[] fieldNames) throws IOException {
        return readGuarded(in, fieldNames);
    }

    private Object readGuarded(AbstractHessianInput in, Object[] names) throws IOException {
        try {
            return readFields(in, names);
        } catch (TimeDecodingException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // hessian-lite's own failures inside our value: a bad back reference, an unknown class definition
            // reference, a negative length. The caller learns which value they broke.
            throw new TimeDecodingException(type, Problem.MALFORMED_STREAM, describe(e), e);
        } catch (StackOverflowError e) {
            // Only hessian-lite's own nesting (lists in lists in an unknown field of a handle) can get here.
            throw new TimeDecodingException(type, Problem.NESTING_TOO_DEEP, "values nested too deep to read", e);
        }
    }

    private static String describe(Throwable e) {
        return e.getClass().getSimpleName() + (e.getMessage() != null ? ": " + e.getMessage() : "");
    }

    /** Reads one object whose class definition has the field names {@code names} (strings). */
    protected abstract T readFields(AbstractHessianInput in, Object[] names) throws IOException;

    protected final TimeDecodingException typeMismatch(String found) {
        return new TimeDecodingException(type, Problem.TYPE_MISMATCH, "expected " + type.getName() + ", found "
                + found);
    }

    protected static String fields(Object[] names) {
        return Arrays.toString(names);
    }

    // --- What hessian-lite calls when the wire has something other than an object. ---

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
    public Object readMap(AbstractHessianInput in, Class<?> keyType, Class<?> valueType) throws IOException {
        return readMap(in);
    }

    @Override
    public Object readList(AbstractHessianInput in, int length) throws IOException {
        throw new TimeDecodingException(type, Problem.WRONG_TYPE, "expected an object, found a list");
    }

    @Override
    public Object readList(AbstractHessianInput in, int length, Class<?> elementType) throws IOException {
        return readList(in, length);
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length) throws IOException {
        return readList(in, length);
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length, Class<?> elementType) throws IOException {
        return readList(in, length);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + type.getName() + "]";
    }
}
