package io.github.hessiantime.hessian.inline;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What hessian-lite sees of a bean class: its serialized fields in hessian-lite's order, and its hooks. */
final class BeanShape {
    /**
     * Marks a field that a subclass's field of the same name hides, once per hiding field: {@code ^ts} is the
     * {@code ts} of the superclass, {@code ^^ts} the one above that (docs/wire-format.md 1.2, "Hidden fields"). No
     * Java field name contains it.
     */
    static final String HIDDEN = "^";

    private static final Class<?> RECORD = recordClass();

    private BeanShape() {
    }

    /**
     * The non-static, non-transient fields of {@code cl} and its superclasses in the order both hessian-lite lines
     * write them (3.2.13 {@code JavaSerializer} and 4.0.x {@code UnsafeSerializer} alike): primitives and
     * {@code java.lang} types first, then the others, the whole list reversed. {@code InlineFieldsTest}
     * compares this order with the stock serializer's class definition on the line it runs on.
     */
    static List<Field> serializedFields(Class<?> cl) {
        List<Field> primitives = new ArrayList<>();
        List<Field> compounds = new ArrayList<>();
        for (Class<?> c = cl; c != null; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (!isSerialized(field)) {
                    continue;
                }
                Class<?> type = field.getType();
                if (type.isPrimitive() || (type.getName().startsWith("java.lang.") && type != Object.class)) {
                    primitives.add(field);
                } else {
                    compounds.add(field);
                }
            }
        }
        List<Field> fields = new ArrayList<>(primitives);
        fields.addAll(compounds);
        Collections.reverse(fields);
        return fields;
    }

    static boolean isSerialized(Field field) {
        int modifiers = field.getModifiers();
        return !Modifier.isTransient(modifiers) && !Modifier.isStatic(modifiers);
    }

    /**
     * Every serialized field of {@code cl} by the name a reader looks it up under: the field hessian-lite's readers set
     * for a name (the first found from the class upwards) under that name, and each field it hides under the name
     * with one {@link #HIDDEN} mark per field that hides it. In the order found.
     */
    static Map<String, Field> fieldsByWireName(Class<?> cl) {
        Map<String, Field> fields = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Class<?> c = cl; c != null; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (isSerialized(field)) {
                    Integer hiddenBy = seen.get(field.getName());
                    int level = hiddenBy == null ? 0 : hiddenBy;
                    seen.put(field.getName(), level + 1);
                    fields.put(hidden(level) + field.getName(), field);
                }
            }
        }
        return fields;
    }

    /** The name {@code field} of {@code cl} has on the wire: its own, marked once per field of {@code cl} that hides it. */
    static String wireName(Class<?> cl, Field field) {
        int level = 0;
        for (Class<?> c = cl; c != null && c != field.getDeclaringClass(); c = c.getSuperclass()) {
            for (Field other : c.getDeclaredFields()) {
                if (other.getName().equals(field.getName()) && isSerialized(other)) {
                    level++;
                }
            }
        }
        return hidden(level) + field.getName();
    }

    private static String hidden(int level) {
        StringBuilder marks = new StringBuilder();
        for (int i = 0; i < level; i++) {
            marks.append(HIDDEN);
        }
        return marks.toString();
    }

    /** Whether a serialized field of {@code cl} hides another one of the same name. */
    static boolean hidesAField(Class<?> cl) {
        List<String> names = new ArrayList<>();
        for (Field field : serializedFields(cl)) {
            if (names.contains(field.getName())) {
                return true;
            }
            names.add(field.getName());
        }
        return false;
    }

    /** Whether {@code cl} or a superclass declares a no-argument method {@code name} (writeReplace, readResolve). */
    static boolean hasHook(Class<?> cl, String name) {
        return hook(cl, name) != null;
    }

    /** The no-argument method {@code name} that hessian-lite calls: the first found from the class upwards. */
    static Method hook(Class<?> cl, String name) {
        for (Class<?> c = cl; c != null; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                if (method.getName().equals(name) && method.getParameterTypes().length == 0) {
                    return method;
                }
            }
        }
        return null;
    }

    /** A record, which hessian-lite 4.0.x builds through its canonical constructor, not field by field. */
    static boolean isRecord(Class<?> cl) {
        return RECORD != null && cl.getSuperclass() == RECORD;
    }

    private static Class<?> recordClass() {
        try {
            return Class.forName("java.lang.Record");
        } catch (ClassNotFoundException e) {
            return null;    // Java 8 to 15: no records
        }
    }

    /**
     * The constructor hessian-lite's reflective reader ({@code JavaDeserializer}, both lines) makes a bean with, called
     * with {@code null} and zeros: the one of the fewest parameters, among them the one whose parameter types it
     * ranks cheapest ({@code Object}, {@code String}, {@code int}, {@code long}, other primitives, the rest, each
     * parameter a base-4 digit, capped at 2^16 as hessian-lite's {@code 1 << 48} on an int is). {@code null}: the class
     * has none.
     */
    static Constructor<?> cheapestConstructor(Class<?> cl) {
        Constructor<?> best = null;
        long bestCost = Long.MAX_VALUE;
        for (Constructor<?> constructor : cl.getDeclaredConstructors()) {
            Class<?>[] parameters = constructor.getParameterTypes();
            long cost = 0;
            for (Class<?> parameter : parameters) {
                cost = 4 * cost + rank(parameter);
            }
            if (cost < 0 || cost > (1 << 16)) {
                cost = 1 << 16;
            }
            cost += (long) parameters.length << 48;
            if (cost < bestCost) {
                best = constructor;
                bestCost = cost;
            }
        }
        return best;
    }

    private static int rank(Class<?> parameter) {
        if (parameter == Object.class) {
            return 1;
        }
        if (parameter == String.class) {
            return 2;
        }
        if (parameter == int.class) {
            return 3;
        }
        if (parameter == long.class) {
            return 4;
        }
        return parameter.isPrimitive() ? 5 : 6;
    }

    /** The value a missing argument or field of {@code type} has: {@code null}, or the primitive's zero. */
    static Object defaultValue(Class<?> type) {
        if (!type.isPrimitive()) {
            return null;
        }
        if (type == boolean.class) {
            return Boolean.FALSE;
        }
        if (type == char.class) {
            return (char) 0;
        }
        if (type == byte.class) {
            return (byte) 0;
        }
        if (type == short.class) {
            return (short) 0;
        }
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        return type == float.class ? (Object) 0f : (Object) 0d;
    }
}
