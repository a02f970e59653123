package io.github.hessiantime;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Test helper: two object graphs are the same shape. Every object has the same class and the same field values,
 * compared field by field through the whole graph (the test's own classes reflectively, JDK containers element by
 * element, JDK values with equals), and the identity structure is the same: where one graph has one object twice
 * (a shared bean, a cycle), the other has one object twice at the same places.
 */
public final class ObjectGraphs {
    private final IdentityHashMap<Object, Object> leftToRight = new IdentityHashMap<>();
    private final IdentityHashMap<Object, Object> rightToLeft = new IdentityHashMap<>();

    private ObjectGraphs() {
    }

    public static void assertSameGraph(Object expected, Object actual) {
        new ObjectGraphs().compare(expected, actual, "root");
    }

    private void compare(Object left, Object right, String path) {
        if (left == null || right == null) {
            assertSame(left, right, path);
            return;
        }
        assertEquals(left.getClass(), right.getClass(), path + ": class");
        Class<?> type = left.getClass();
        if (isValue(type)) {
            assertEquals(left, right, path);
            if (left instanceof java.sql.Timestamp) {
                assertEquals(((java.sql.Timestamp) left).getNanos(), ((java.sql.Timestamp) right).getNanos(), path);
            }
            return;
        }
        Object seenRight = leftToRight.get(left);
        Object seenLeft = rightToLeft.get(right);
        if (seenRight != null || seenLeft != null) {
            // one object reached again: the other graph must reach its counterpart again, and only that
            assertSame(seenRight, right, path + ": identity (shared object or cycle)");
            assertSame(seenLeft, left, path + ": identity (shared object or cycle)");
            return;
        }
        leftToRight.put(left, right);
        rightToLeft.put(right, left);
        if (type.isArray()) {
            assertEquals(Array.getLength(left), Array.getLength(right), path + ": length");
            for (int i = 0; i < Array.getLength(left); i++) {
                compare(Array.get(left, i), Array.get(right, i), path + "[" + i + "]");
            }
        } else if (left instanceof Collection) {
            Collection<?> l = (Collection<?>) left;
            Collection<?> r = (Collection<?>) right;
            assertEquals(l.size(), r.size(), path + ": size");
            Iterator<?> ri = r.iterator();
            int i = 0;
            for (Object element : l) {
                compare(element, ri.next(), path + "[" + i++ + "]");
            }
        } else if (left instanceof Map) {
            Map<?, ?> l = (Map<?, ?>) left;
            Map<?, ?> r = (Map<?, ?>) right;
            assertEquals(l.size(), r.size(), path + ": size");
            Iterator<? extends Map.Entry<?, ?>> ri = r.entrySet().iterator();
            for (Map.Entry<?, ?> entry : l.entrySet()) {
                Map.Entry<?, ?> other = ri.next();
                compare(entry.getKey(), other.getKey(), path + ".key(" + entry.getKey() + ")");
                compare(entry.getValue(), other.getValue(), path + "[" + entry.getKey() + "]");
            }
        } else if (type.getName().startsWith("java.")) {
            assertEquals(left, right, path);
        } else {
            for (Class<?> c = type; c != null && !c.getName().startsWith("java."); c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (Modifier.isStatic(field.getModifiers())) {
                        continue;
                    }
                    field.setAccessible(true);
                    try {
                        compare(field.get(left), field.get(right), path + "." + c.getSimpleName() + "."
                                + field.getName());
                    } catch (IllegalAccessException e) {
                        fail(path + "." + field.getName() + ": " + e);
                    }
                }
            }
        }
    }

    /** Types compared with equals, whose identity Hessian does not keep (or keeps by itself, as enum constants). */
    private static boolean isValue(Class<?> type) {
        return type == String.class || Number.class.isAssignableFrom(type) && type.getName().startsWith("java.lang.")
                || type == Boolean.class || type == Character.class || type.isEnum()
                || type.getSuperclass() != null && type.getSuperclass().isEnum()
                || type.getName().startsWith("java.time.") || java.util.Date.class.isAssignableFrom(type)
                || type == Class.class;
    }
}
