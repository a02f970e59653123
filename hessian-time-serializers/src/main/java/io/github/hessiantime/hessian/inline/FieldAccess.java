package io.github.hessiantime.hessian.inline;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

/**
 * Reads and writes one field of a bean. hessian-time accesses fields the way hessian-lite does for the same class
 * on the line it runs on: where hessian-lite's own bean serializer uses {@code sun.misc.Unsafe} (4.0.x, unless
 * disabled), so does this, and otherwise {@code java.lang.reflect.Field} (3.2.x's {@code JavaSerializer}). So the
 * JVM's warning about {@code Unsafe} on JDK 24+ is the one hessian-lite already caused (its serializer for the class
 * is built first), never one of ours, and where {@code Unsafe} is refused ({@code --sun-misc-unsafe-memory-access=deny})
 * this falls back to reflection instead of failing.
 */
abstract class FieldAccess {
    final Field field;

    FieldAccess(Field field) {
        this.field = field;
    }

    /**
     * The access for {@code field}, opened with {@code setAccessible}. {@code likeHessianLite}: the class of the
     * serializer or deserializer hessian-lite chose for the bean.
     */
    static FieldAccess of(Field field, Class<?> likeHessianLite) {
        field.setAccessible(true);
        String name = likeHessianLite.getName();
        // the holder is only touched where hessian-lite itself took Unsafe for this class
        if (name.endsWith(".UnsafeSerializer") || name.endsWith(".UnsafeDeserializer")) {
            if (UnsafeHolder.AVAILABLE) {
                return new UnsafeAccess(field);
            }
        }
        return new ReflectionAccess(field);
    }

    abstract Object get(Object bean) throws IllegalAccessException;

    abstract int getInt(Object bean) throws IllegalAccessException;

    abstract long getLong(Object bean) throws IllegalAccessException;

    abstract double getDouble(Object bean) throws IllegalAccessException;

    abstract boolean getBoolean(Object bean) throws IllegalAccessException;

    abstract char getChar(Object bean) throws IllegalAccessException;

    abstract void set(Object bean, Object value) throws IllegalAccessException;

    private static final class ReflectionAccess extends FieldAccess {
        ReflectionAccess(Field field) {
            super(field);
        }

        @Override
        Object get(Object bean) throws IllegalAccessException {
            return field.get(bean);
        }

        @Override
        int getInt(Object bean) throws IllegalAccessException {
            return field.getInt(bean);
        }

        @Override
        long getLong(Object bean) throws IllegalAccessException {
            return field.getLong(bean);
        }

        @Override
        double getDouble(Object bean) throws IllegalAccessException {
            return field.getDouble(bean);
        }

        @Override
        boolean getBoolean(Object bean) throws IllegalAccessException {
            return field.getBoolean(bean);
        }

        @Override
        char getChar(Object bean) throws IllegalAccessException {
            return field.getChar(bean);
        }

        @Override
        void set(Object bean, Object value) throws IllegalAccessException {
            field.set(bean, value);
        }
    }

    /**
     * Callers pass only instances of the field's class and, to {@link #set}, values the field's type holds. The
     * library is compiled for Java 8 with {@code --release 8}, which hides {@code sun.misc.Unsafe}, so its methods
     * are reached through constant method handles, which the JIT compiles to the direct calls.
     */
    private static final class UnsafeAccess extends FieldAccess {
        private final long offset;
        private final Class<?> type;

        UnsafeAccess(Field field) {
            super(field);
            this.offset = UnsafeHolder.offset(field);
            this.type = field.getType();
        }

        @Override
        Object get(Object bean) {
            try {
                return (Object) UnsafeHolder.GET_OBJECT.invokeExact(bean, offset);
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }

        @Override
        int getInt(Object bean) {
            try {
                if (type == byte.class) {
                    return (byte) UnsafeHolder.GET_BYTE.invokeExact(bean, offset);
                }
                if (type == short.class) {
                    return (short) UnsafeHolder.GET_SHORT.invokeExact(bean, offset);
                }
                return (int) UnsafeHolder.GET_INT.invokeExact(bean, offset);
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }

        @Override
        long getLong(Object bean) {
            try {
                return (long) UnsafeHolder.GET_LONG.invokeExact(bean, offset);
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }

        @Override
        double getDouble(Object bean) {
            try {
                return type == float.class ? (float) UnsafeHolder.GET_FLOAT.invokeExact(bean, offset)
                        : (double) UnsafeHolder.GET_DOUBLE.invokeExact(bean, offset);
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }

        @Override
        boolean getBoolean(Object bean) {
            try {
                return (boolean) UnsafeHolder.GET_BOOLEAN.invokeExact(bean, offset);
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }

        @Override
        char getChar(Object bean) {
            try {
                return (char) UnsafeHolder.GET_CHAR.invokeExact(bean, offset);
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }

        @Override
        void set(Object bean, Object value) {
            try {
                UnsafeHolder.PUT_OBJECT.invokeExact(bean, offset, value);
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }
    }

    /** {@code sun.misc.Unsafe}'s field methods, bound to its instance; {@link #AVAILABLE} false where it refuses. */
    private static final class UnsafeHolder {
        private static final MethodHandle OBJECT_FIELD_OFFSET;
        private static final MethodHandle GET_OBJECT;
        private static final MethodHandle PUT_OBJECT;
        private static final MethodHandle GET_INT;
        private static final MethodHandle GET_BYTE;
        private static final MethodHandle GET_SHORT;
        private static final MethodHandle GET_LONG;
        private static final MethodHandle GET_FLOAT;
        private static final MethodHandle GET_DOUBLE;
        private static final MethodHandle GET_BOOLEAN;
        private static final MethodHandle GET_CHAR;
        static final boolean AVAILABLE;

        @SuppressWarnings("unused")
        private int probe;

        static {
            MethodHandle[] handles = new MethodHandle[11];
            boolean available = false;
            try {
                Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
                Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
                theUnsafe.setAccessible(true);
                Object unsafe = theUnsafe.get(null);
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                handles[0] = lookup.findVirtual(unsafeClass, "objectFieldOffset",
                        MethodType.methodType(long.class, Field.class)).bindTo(unsafe);
                handles[1] = getter(lookup, unsafeClass, unsafe, "getObject", Object.class);
                handles[2] = lookup.findVirtual(unsafeClass, "putObject", MethodType.methodType(void.class,
                        Object.class, long.class, Object.class)).bindTo(unsafe);
                handles[3] = getter(lookup, unsafeClass, unsafe, "getInt", int.class);
                handles[4] = getter(lookup, unsafeClass, unsafe, "getByte", byte.class);
                handles[5] = getter(lookup, unsafeClass, unsafe, "getShort", short.class);
                handles[6] = getter(lookup, unsafeClass, unsafe, "getLong", long.class);
                handles[7] = getter(lookup, unsafeClass, unsafe, "getFloat", float.class);
                handles[8] = getter(lookup, unsafeClass, unsafe, "getDouble", double.class);
                handles[9] = getter(lookup, unsafeClass, unsafe, "getBoolean", boolean.class);
                handles[10] = getter(lookup, unsafeClass, unsafe, "getChar", char.class);
                // JDK 24+ with --sun-misc-unsafe-memory-access=deny refuses here (UnsupportedOperationException).
                long ignored = (long) handles[0].invokeExact(UnsafeHolder.class.getDeclaredField("probe"));
                available = true;
            } catch (Throwable e) {
                available = false;
            }
            OBJECT_FIELD_OFFSET = handles[0];
            GET_OBJECT = handles[1];
            PUT_OBJECT = handles[2];
            GET_INT = handles[3];
            GET_BYTE = handles[4];
            GET_SHORT = handles[5];
            GET_LONG = handles[6];
            GET_FLOAT = handles[7];
            GET_DOUBLE = handles[8];
            GET_BOOLEAN = handles[9];
            GET_CHAR = handles[10];
            AVAILABLE = available;
        }

        private UnsafeHolder() {
        }

        private static MethodHandle getter(MethodHandles.Lookup lookup, Class<?> unsafeClass, Object unsafe,
                                           String name, Class<?> type) throws ReflectiveOperationException {
            return lookup.findVirtual(unsafeClass, name, MethodType.methodType(type, Object.class, long.class))
                    .bindTo(unsafe);
        }

        static long offset(Field field) {
            try {
                return (long) OBJECT_FIELD_OFFSET.invokeExact(field);
            } catch (Throwable e) {
                throw rethrow(e);
            }
        }

        static RuntimeException rethrow(Throwable e) {
            if (e instanceof RuntimeException) {
                throw (RuntimeException) e;
            }
            if (e instanceof Error) {
                throw (Error) e;
            }
            throw new IllegalStateException(e);
        }
    }
}
