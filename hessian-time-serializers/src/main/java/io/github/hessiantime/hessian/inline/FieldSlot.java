package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.HessianFieldException;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One field of a bean class (or one component of a record) as the type-safe reader fills it: how its value is read
 * from a stream, and the check that the value is one its declared type can hold before it is set. Built once per class.
 *
 * <p>Each value is read with the Hessian call hessian-lite's own readers use for the declared type (so primitives
 * and strings keep hessian-lite's conversions), with two differences: a field declared as one of the six date-time
 * types of {@link TimeMigration} reads the value as written (its own type), and every reference value is checked
 * against the declared type, where hessian-lite's {@code Unsafe} reader stores anything a back reference points at.
 */
final class FieldSlot {
    // how the value is read, by declared type
    private static final int BOOLEAN = 0;
    private static final int INT = 1;       // byte, short, int
    private static final int LONG = 2;
    private static final int DOUBLE = 3;    // float, double
    private static final int CHAR = 4;
    private static final int STRING = 5;
    private static final int SQL_DATE = 6;
    private static final int SQL_TIME = 7;
    private static final int SQL_TIMESTAMP = 8;
    private static final int AS_WRITTEN = 9;    // the six date-time types: read untyped, then fitted
    private static final int TYPED = 10;        // everything else: in.readObject(declared), then checked

    final Field field;
    final Class<?> declared;
    final String where;                 // "com.example.Dto.at", for messages
    final int component;                // a record's component index, or -1
    private final int kind;
    private final FieldAccess access;   // null for a record component, or where the field cannot be opened
    private final String unopenable;    // why access is null for a field, or null
    // hessian-lite's element types for a generic Map, List or Set field: null, or the expectedTypes it passes
    private final Class<?>[] elementTypes;
    private final TimeMigration migration;

    private FieldSlot(Field field, Class<?> declared, int component, FieldAccess access, String unopenable,
                      TimeMigration migration) {
        this.field = field;
        this.declared = declared;
        this.where = field.getDeclaringClass().getName() + "." + field.getName();
        this.component = component;
        this.kind = kindOf(declared);
        this.access = access;
        this.unopenable = unopenable;
        this.elementTypes = kind == TYPED ? elementTypes(field) : null;
        this.migration = migration;
    }

    /** A field of a bean, set the way hessian-lite's {@code chosen} reader sets it (Unsafe or reflection). */
    static FieldSlot ofField(Field field, Class<?> chosen, TimeMigration migration) {
        FieldAccess access = null;
        String unopenable = null;
        try {
            access = FieldAccess.of(field, chosen);
        } catch (RuntimeException e) {
            unopenable = e.toString();   // a module that does not open the class: an error when the field is read
        }
        return new FieldSlot(field, field.getType(), -1, access, unopenable, migration);
    }

    /** Component {@code index} of a record, whose field is {@code field}: its value goes to the canonical constructor. */
    static FieldSlot ofComponent(Field field, Class<?> type, int index, TimeMigration migration) {
        return new FieldSlot(field, type, index, null, null, migration);
    }

    private static int kindOf(Class<?> type) {
        if (type == boolean.class) {
            return BOOLEAN;
        }
        if (type == byte.class || type == short.class || type == int.class) {
            return INT;
        }
        if (type == long.class) {
            return LONG;
        }
        if (type == float.class || type == double.class) {
            return DOUBLE;
        }
        if (type == char.class) {
            return CHAR;
        }
        if (type == String.class) {
            return STRING;
        }
        if (type == java.sql.Date.class) {
            return SQL_DATE;
        }
        if (type == java.sql.Time.class) {
            return SQL_TIME;
        }
        if (type == java.sql.Timestamp.class) {
            return SQL_TIMESTAMP;
        }
        return TimeMigration.isTarget(type) ? AS_WRITTEN : TYPED;
    }

    /** What hessian-lite passes as the expected types of a {@code Map<K, V>}, {@code List<E>} or {@code Set<E>} field. */
    private static Class<?>[] elementTypes(Field field) {
        Class<?> type = field.getType();
        Type generic = field.getGenericType();
        if (generic == type || !(generic instanceof ParameterizedType)
                || (type != Map.class && type != List.class && type != Set.class)) {
            return null;
        }
        Type[] arguments = ((ParameterizedType) generic).getActualTypeArguments();
        if (type == Map.class) {
            return new Class<?>[]{boxedOrNull(arguments[0]), boxedOrNull(arguments[1])};
        }
        return new Class<?>[]{boxedOrNull(arguments[0])};
    }

    // hessian-lite passes an element type only for the primitive boxes (and Void), to convert Hessian ints into them
    private static Class<?> boxedOrNull(Type type) {
        if (!(type instanceof Class)) {
            return null;
        }
        Class<?> c = (Class<?>) type;
        return c.isPrimitive() || c == Boolean.class || c == Character.class || c == Byte.class || c == Short.class
                || c == Integer.class || c == Long.class || c == Float.class || c == Double.class || c == Void.class
                ? c : null;
    }

    boolean isPrimitive() {
        return declared.isPrimitive();
    }

    /** Reads this field's value from {@code in} and sets it on {@code bean}, or fails naming the field. */
    void readInto(AbstractHessianInput in, Object bean) throws IOException {
        if (access == null) {
            in.readObject();
            throw new HessianFieldException(where + ": cannot be set (" + unopenable + ")");
        }
        try {
            switch (kind) {
                case BOOLEAN:
                    access.setBoolean(bean, in.readBoolean());
                    return;
                case INT:
                    access.setInt(bean, in.readInt());
                    return;
                case LONG:
                    access.setLong(bean, in.readLong());
                    return;
                case DOUBLE:
                    access.setDouble(bean, in.readDouble());
                    return;
                case CHAR:
                    access.setChar(bean, firstChar(in.readString()));
                    return;
                case STRING:
                    access.set(bean, in.readString());
                    return;
                default:
                    break;
            }
        } catch (IOException | RuntimeException | IllegalAccessException e) {
            throw failed(e);
        }
        set(bean, readReference(in));
    }

    /** Sets {@code value}, which {@link #fit} let through, on {@code bean}. */
    void set(Object bean, Object value) throws IOException {
        if (access == null) {
            throw new HessianFieldException(where + ": cannot be set (" + unopenable + ")");
        }
        try {
            access.set(bean, value);
        } catch (IllegalAccessException | RuntimeException e) {
            throw failed(e);
        }
    }

    /** Reads this component's value, boxed, checked against its type. */
    Object readValue(AbstractHessianInput in) throws IOException {
        try {
            switch (kind) {
                case BOOLEAN:
                    return in.readBoolean();
                case INT: {
                    int value = in.readInt();
                    return declared == int.class ? (Object) value : declared == short.class ? (Object) (short) value
                            : (Object) (byte) value;
                }
                case LONG:
                    return in.readLong();
                case DOUBLE: {
                    double value = in.readDouble();
                    return declared == double.class ? (Object) value : (Object) (float) value;
                }
                case CHAR:
                    return firstChar(in.readString());
                case STRING:
                    return in.readString();
                default:
                    break;
            }
        } catch (IOException | RuntimeException e) {
            throw failed(e);
        }
        return readReference(in);
    }

    /** A reference value read as hessian-lite reads it for the declared type, and fitted to it. */
    private Object readReference(AbstractHessianInput in) throws IOException {
        Object value;
        try {
            switch (kind) {
                case SQL_DATE:
                case SQL_TIME:
                case SQL_TIMESTAMP:
                    value = sqlValue(in.readObject());
                    break;
                case AS_WRITTEN:
                    value = in.readObject();
                    break;
                default:
                    value = elementTypes == null ? in.readObject(declared) : in.readObject(declared, elementTypes);
            }
        } catch (IOException | RuntimeException e) {
            throw failed(e);
        }
        return fit(value);
    }

    /** {@code value} if the field can hold it, else what the one hook for that makes of it. */
    Object fit(Object value) throws IOException {
        if (value == null || declared.isInstance(value)) {
            return value;
        }
        return migration.convert(value, declared, where);
    }

    // hessian-lite reads a java.sql field as any Date and makes the declared class of it
    private Object sqlValue(Object value) {
        if (!(value instanceof Date) || declared.isInstance(value)) {
            return value;   // fitted next: null, already the type, or refused
        }
        long time = ((Date) value).getTime();
        return kind == SQL_DATE ? new java.sql.Date(time) : kind == SQL_TIME ? (Object) new java.sql.Time(time)
                : new java.sql.Timestamp(time);
    }

    private static char firstChar(String value) {
        return value != null && !value.isEmpty() ? value.charAt(0) : 0;
    }

    /** A failure while reading or setting this field, as hessian-lite reports one: naming the field. */
    private IOException failed(Exception e) {
        if (e instanceof HessianFieldException) {
            return (HessianFieldException) e;
        }
        if (e instanceof io.github.hessiantime.TimeDecodingException) {
            return (IOException) e;
        }
        return new HessianFieldException(where + ": " + (e instanceof IOException ? e.getMessage() : e.toString()), e);
    }

    @Override
    public String toString() {
        return where;
    }
}
