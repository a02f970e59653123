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
        } else if (left instanceof Collection || left instanceof Map) {
            Collection<?> l = left instanceof Map ? ((Map<?, ?>) left).entrySet() : (Collection<?>) left;
            Collection<?> r = right instanceof Map ? ((Map<?, ?>) right).entrySet() : (Collection<?>) right;
            assertEquals(l.size(), r.size(), path + ": size");
            if (isHashed(left)) {
                compareHashed(l, r, path);
            } else {
                compareInOrder(l, r, path);
            }
        } else if (left instanceof Throwable) {
            Throwable l = (Throwable) left;
            Throwable r = (Throwable) right;
            assertEquals(l.getMessage(), r.getMessage(), path + ".message");
            assertEquals(java.util.Arrays.asList(l.getStackTrace()), java.util.Arrays.asList(r.getStackTrace()),
                    path + ".stackTrace");
            compare(l.getCause() == l ? null : l.getCause(), r.getCause() == r ? null : r.getCause(), path + ".cause");
        } else if (type.getName().startsWith("java.")) {
            if (overrides(type, "equals", Object.class)) {
                assertEquals(left, right, path);
            } else if (overrides(type, "toString")) {
                assertEquals(left.toString(), right.toString(), path); // an atomic, a StringBuilder: no value equals
            }
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

    private void compareInOrder(Collection<?> l, Collection<?> r, String path) {
        Iterator<?> ri = r.iterator();
        int i = 0;
        for (Object element : l) {
            Object other = ri.next();
            if (element instanceof Map.Entry) {
                Map.Entry<?, ?> entry = (Map.Entry<?, ?>) element;
                compare(entry.getKey(), ((Map.Entry<?, ?>) other).getKey(), path + ".key(" + i + ")");
                compare(entry.getValue(), ((Map.Entry<?, ?>) other).getValue(), path + "[" + entry.getKey() + "]");
            } else {
                compare(element, other, path + "[" + i + "]");
            }
            i++;
        }
    }

    /**
     * A hash set or map iterates in the order of its elements' hash codes, and an element with an identity hash code
     * (a bean, or a record holding one) has another in each graph: compared in order when that order is the same,
     * otherwise by the classes of the elements alone.
     */
    private void compareHashed(Collection<?> l, Collection<?> r, String path) {
        IdentityHashMap<Object, Object> leftBefore = new IdentityHashMap<>(leftToRight);
        IdentityHashMap<Object, Object> rightBefore = new IdentityHashMap<>(rightToLeft);
        try {
            compareInOrder(l, r, path);
        } catch (AssertionError orderDiffers) {
            leftToRight.clear();
            leftToRight.putAll(leftBefore);
            rightToLeft.clear();
            rightToLeft.putAll(rightBefore);
            assertEquals(classCounts(l), classCounts(r), path + ": classes of the elements");
        }
    }

    private static Map<String, Integer> classCounts(Collection<?> elements) {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        for (Object element : elements) {
            Object key = element instanceof Map.Entry ? ((Map.Entry<?, ?>) element).getKey() : element;
            counts.merge(key == null ? "null" : key.getClass().getName(), 1, Integer::sum);
        }
        return counts;
    }

    private static boolean isHashed(Object container) {
        return container instanceof java.util.HashMap && !(container instanceof java.util.LinkedHashMap)
                || container instanceof java.util.HashSet && !(container instanceof java.util.LinkedHashSet)
                || container instanceof java.util.Hashtable || container instanceof java.util.IdentityHashMap
                || container instanceof java.util.WeakHashMap
                || container instanceof java.util.concurrent.ConcurrentHashMap;
    }

    private static boolean overrides(Class<?> type, String method, Class<?>... parameters) {
        try {
            return type.getMethod(method, parameters).getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            return false;
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
