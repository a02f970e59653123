package io.github.hessiantime.hessian.inline;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What hessian-lite sees of a bean class: its serialized fields in hessian-lite's order, and its hooks. */
final class BeanShape {
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
                int modifiers = field.getModifiers();
                if (Modifier.isTransient(modifiers) || Modifier.isStatic(modifiers)) {
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

    /** The field that hessian-lite's readers set for {@code name}: the first found from the class upwards. */
    static Field readableField(Class<?> cl, String name) {
        for (Class<?> c = cl; c != null; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (field.getName().equals(name) && !Modifier.isTransient(modifiers) && !Modifier.isStatic(modifiers)) {
                    return field;
                }
            }
        }
        return null;
    }

    /** Whether {@code cl} or a superclass declares a no-argument method {@code name} (writeReplace, readResolve). */
    static boolean hasHook(Class<?> cl, String name) {
        for (Class<?> c = cl; c != null; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                if (method.getName().equals(name) && method.getParameterTypes().length == 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A record, which hessian-lite 4.0.x builds through its canonical constructor, not field by field. */
    static boolean isRecord(Class<?> cl) {
        Class<?> superclass = cl.getSuperclass();
        return superclass != null && superclass.getName().equals("java.lang.Record");
    }
}
