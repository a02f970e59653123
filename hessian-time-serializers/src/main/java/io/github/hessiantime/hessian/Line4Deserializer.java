package io.github.hessiantime.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.Deserializer;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Calls to the {@code Deserializer} methods only hessian-lite 4.0.x has, which only 4.0.x's own code calls: looked up
 * once (null on 3.2.x), so that no class file of this jar names them and the jar links on both lines
 * ({@code HessianLiteLinkageTest}). Constant handles: as fast as a direct call once compiled. Nothing here is called
 * on 3.2.x.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class Line4Deserializer {
    private static final MethodHandle CREATE_FIELDS = method("createFields", Object[].class, int.class);
    private static final MethodHandle CREATE_FIELD = method("createField", Object.class, String.class);
    private static final MethodHandle READ_FIELDS = method("readObject", Object.class, AbstractHessianInput.class,
            Object[].class);
    private static final MethodHandle IS_READ_RESOLVE = method("isReadResolve", boolean.class);

    private Line4Deserializer() {
    }

    /** {@code reader.createFields(length)}: the array a class definition's fields go into. */
    public static Object[] createFields(Deserializer reader, int length) {
        try {
            return (Object[]) CREATE_FIELDS.invokeExact(reader, length);
        } catch (Throwable e) {
            throw Line4Deserializer.<RuntimeException>rethrow(e);
        }
    }

    /** {@code reader.createField(name)}: what a class definition's field of this name is read with. */
    public static Object createField(Deserializer reader, String name) {
        try {
            return (Object) CREATE_FIELD.invokeExact(reader, name);
        } catch (Throwable e) {
            throw Line4Deserializer.<RuntimeException>rethrow(e);
        }
    }

    /** {@code reader.readObject(in, fields)}: an instance, with the fields of {@link #createFields}. */
    public static Object readObject(Deserializer reader, AbstractHessianInput in, Object[] fields) throws IOException {
        try {
            return (Object) READ_FIELDS.invokeExact(reader, in, fields);
        } catch (Throwable e) {
            throw Line4Deserializer.<IOException>rethrow(e);
        }
    }

    /** {@code reader.isReadResolve()}. */
    public static boolean isReadResolve(Deserializer reader) {
        try {
            return (boolean) IS_READ_RESOLVE.invokeExact(reader);
        } catch (Throwable e) {
            throw Line4Deserializer.<RuntimeException>rethrow(e);
        }
    }

    private static MethodHandle method(String name, Class<?> returned, Class<?>... parameters) {
        try {
            return MethodHandles.publicLookup().findVirtual(Deserializer.class, name,
                    MethodType.methodType(returned, parameters));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;   // hessian-lite 3.2.x, which never calls the method
        }
    }

    /** Throws a checked exception where the signature cannot declare it, or the handle's own exception as it is. */
    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E rethrow(Throwable e) throws E {
        throw (E) e;
    }
}
