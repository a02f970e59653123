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
     * The access for {@code field}. {@code likeHessianLite}: the class of the serializer or deserializer hessian-lite
     * chose for the bean. Reflection opens the field with {@code setAccessible}, which throws where a module does not
     * open it; {@code Unsafe} needs no opening (as hessian-lite's own), but refuses records' and hidden classes' fields,
     * which then take reflection.
     */
    static FieldAccess of(Field field, Class<?> likeHessianLite) {
        // the holder is only touched where hessian-lite itself took Unsafe for this class
        if (usesUnsafe(likeHessianLite)) {
            try {
                return new UnsafeAccess(field);
            } catch (UnsupportedOperationException e) {
                // a record's or a hidden class's field: reflection below
            }
        }
        field.setAccessible(true);
        return new ReflectionAccess(field);
    }

    /** Whether hessian-lite's {@code chosen} serializer or deserializer uses Unsafe, and Unsafe is there for us too. */
    static boolean usesUnsafe(Class<?> chosen) {
        String name = chosen.getName();
        return (name.endsWith(".UnsafeSerializer") || name.endsWith(".UnsafeDeserializer")) && UnsafeHolder.AVAILABLE;
    }

    /** A new instance of {@code type} without running a constructor, as hessian-lite's Unsafe reader makes one. */
    static Object allocateInstance(Class<?> type) throws InstantiationException {
        try {
            return (Object) UnsafeHolder.ALLOCATE_INSTANCE.invokeExact(type);
        } catch (InstantiationException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    abstract Object get(Object bean) throws IllegalAccessException;

    abstract int getInt(Object bean) throws IllegalAccessException;

    abstract long getLong(Object bean) throws IllegalAccessException;

    abstract double getDouble(Object bean) throws IllegalAccessException;

    abstract boolean getBoolean(Object bean) throws IllegalAccessException;

    abstract char getChar(Object bean) throws IllegalAccessException;

    abstract void set(Object bean, Object value) throws IllegalAccessException;

    /** Sets a {@code byte}, {@code short} or {@code int} field, cast to its type. */
    abstract void setInt(Object bean, int value) throws IllegalAccessException;

    abstract void setLong(Object bean, long value) throws IllegalAccessException;

    /** Sets a {@code float} or {@code double} field, cast to its type. */
    abstract void setDouble(Object bean, double value) throws IllegalAccessException;

    abstract void setBoolean(Object bean, boolean value) throws IllegalAccessException;

    abstract void setChar(Object bean, char value) throws IllegalAccessException;

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

        @Override
        void setInt(Object bean, int value) throws IllegalAccessException {
            Class<?> type = field.getType();
            if (type == byte.class) {
                field.setByte(bean, (byte) value);
            } else if (type == short.class) {
                field.setShort(bean, (short) value);
            } else {
                field.setInt(bean, value);
            }
        }

        @Override
        void setLong(Object bean, long value) throws IllegalAccessException {
            field.setLong(bean, value);
        }

        @Override
        void setDouble(Object bean, double value) throws IllegalAccessException {
            if (field.getType() == float.class) {
                field.setFloat(bean, (float) value);
            } else {
                field.setDouble(bean, value);
            }
        }

        @Override
        void setBoolean(Object bean, boolean value) throws IllegalAccessException {
            field.setBoolean(bean, value);
        }

        @Override
        void setChar(Object bean, char value) throws IllegalAccessException {
            field.setChar(bean, value);
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

        // Each primitive is stored with the put of its own width: hessian-lite 4.0.x's float reader stores a double's
        // 8 bytes into a float's 4 (the float reads 0.0 and the next field is overwritten).

        @Override
        void setInt(Object bean, int value) {
            try {
                if (type == byte.class) {
                    UnsafeHolder.PUT_BYTE.invokeExact(bean, offset, (byte) value);
                } else if (type == short.class) {
                    UnsafeHolder.PUT_SHORT.invokeExact(bean, offset, (short) value);
                } else {
                    UnsafeHolder.PUT_INT.invokeExact(bean, offset, value);
                }
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }

        @Override
        void setLong(Object bean, long value) {
            try {
                UnsafeHolder.PUT_LONG.invokeExact(bean, offset, value);
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }

        @Override
        void setDouble(Object bean, double value) {
            try {
                if (type == float.class) {
                    UnsafeHolder.PUT_FLOAT.invokeExact(bean, offset, (float) value);
                } else {
                    UnsafeHolder.PUT_DOUBLE.invokeExact(bean, offset, value);
                }
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }

        @Override
        void setBoolean(Object bean, boolean value) {
            try {
                UnsafeHolder.PUT_BOOLEAN.invokeExact(bean, offset, value);
            } catch (Throwable e) {
                throw UnsafeHolder.rethrow(e);
            }
        }

        @Override
        void setChar(Object bean, char value) {
            try {
                UnsafeHolder.PUT_CHAR.invokeExact(bean, offset, value);
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
        private static final MethodHandle PUT_INT;
        private static final MethodHandle PUT_BYTE;
        private static final MethodHandle PUT_SHORT;
        private static final MethodHandle PUT_LONG;
        private static final MethodHandle PUT_FLOAT;
        private static final MethodHandle PUT_DOUBLE;
        private static final MethodHandle PUT_BOOLEAN;
        private static final MethodHandle PUT_CHAR;
        private static final MethodHandle ALLOCATE_INSTANCE;
        static final boolean AVAILABLE;

        @SuppressWarnings("unused")
        private int probe;

        static {
            MethodHandle[] handles = new MethodHandle[20];
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
                handles[11] = putter(lookup, unsafeClass, unsafe, "putInt", int.class);
                handles[12] = putter(lookup, unsafeClass, unsafe, "putByte", byte.class);
                handles[13] = putter(lookup, unsafeClass, unsafe, "putShort", short.class);
                handles[14] = putter(lookup, unsafeClass, unsafe, "putLong", long.class);
                handles[15] = putter(lookup, unsafeClass, unsafe, "putFloat", float.class);
                handles[16] = putter(lookup, unsafeClass, unsafe, "putDouble", double.class);
                handles[17] = putter(lookup, unsafeClass, unsafe, "putBoolean", boolean.class);
                handles[18] = putter(lookup, unsafeClass, unsafe, "putChar", char.class);
                handles[19] = lookup.findVirtual(unsafeClass, "allocateInstance",
                        MethodType.methodType(Object.class, Class.class)).bindTo(unsafe);
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
            PUT_INT = handles[11];
            PUT_BYTE = handles[12];
            PUT_SHORT = handles[13];
            PUT_LONG = handles[14];
            PUT_FLOAT = handles[15];
            PUT_DOUBLE = handles[16];
            PUT_BOOLEAN = handles[17];
            PUT_CHAR = handles[18];
            ALLOCATE_INSTANCE = handles[19];
            AVAILABLE = available;
        }

        private UnsafeHolder() {
        }

        private static MethodHandle getter(MethodHandles.Lookup lookup, Class<?> unsafeClass, Object unsafe,
                                           String name, Class<?> type) throws ReflectiveOperationException {
            return lookup.findVirtual(unsafeClass, name, MethodType.methodType(type, Object.class, long.class))
                    .bindTo(unsafe);
        }

        private static MethodHandle putter(MethodHandles.Lookup lookup, Class<?> unsafeClass, Object unsafe,
                                           String name, Class<?> type) throws ReflectiveOperationException {
            return lookup.findVirtual(unsafeClass, name, MethodType.methodType(void.class, Object.class, long.class,
                    type)).bindTo(unsafe);
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
