package io.github.hessiantime;

import java.io.Serializable;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Date;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The DTOs of the hostile-input tests: the shapes an attacker aims a back reference at (a {@code Date} field, a
 * superclass's field, collection, map and array fields, boxed and {@code String} fields, a record component, a
 * {@code Throwable}'s cause), with and without java.time fields. Each can {@link Touchable#touch() touch} every field
 * through its declared type, as service code does: with a value of the wrong type in a field that call is what takes
 * a JVM down, so the tests do it only in a child JVM.
 */
public final class HostileDtos {
    private HostileDtos() {
    }

    /** Calls a method on every field through its declared type. */
    public interface Touchable {
        long touch();
    }

    /** No java.time field: hessian-lite writes it, over hessian2 and hessian2-time alike. */
    public static class Plain implements Serializable, Touchable {
        Date date;
        String name;
        Integer count;
        long id;
        List<String> tags;
        Map<String, Integer> scores;
        BigDecimal amount;

        @Override
        public long touch() {
            return (date != null ? date.getTime() : 0) + (name != null ? name.length() : 0)
                    + (count != null ? count.intValue() : 0) + id + (tags != null ? tags.size() : 0)
                    + (scores != null ? scores.size() : 0) + (amount != null ? amount.scale() : 0);
        }
    }

    public static class Base implements Serializable, Touchable {
        Date created;
        List<Object> items;

        @Override
        public long touch() {
            return (created != null ? created.getTime() : 0) + (items != null ? items.size() : 0);
        }
    }

    /** java.time fields (written inline over hessian2-time) beside a Date field and superclass fields. */
    public static class Timed extends Base {
        Instant at;
        LocalDateTime local;
        LocalDate day;
        Date legacy;
        Plain plain;
        Set<String> labels;

        @Override
        public long touch() {
            return super.touch() + (at != null ? at.getNano() : 0) + (local != null ? local.getHour() : 0)
                    + (day != null ? day.getDayOfMonth() : 0) + (legacy != null ? legacy.getTime() : 0)
                    + (plain != null ? plain.touch() : 0) + (labels != null ? labels.size() : 0);
        }
    }

    /** Arrays: the JVM checks their stores, so a wrong element is an ArrayStoreException to turn into an error. */
    public static class Arrays2 implements Serializable, Touchable {
        Plain[] plains;
        String[] names;
        Object[] anything;
        int[] numbers;

        @Override
        public long touch() {
            long sum = 0;
            if (plains != null) {
                for (Plain plain : plains) {
                    sum += plain != null ? plain.touch() : 0;
                }
            }
            if (names != null) {
                for (String name : names) {
                    sum += name != null ? name.length() : 0;
                }
            }
            return sum + (anything != null ? anything.length : 0) + (numbers != null ? numbers.length : 0);
        }
    }

    /** A record: its values go through its canonical constructor. */
    public record Event(String id, Instant at, Date date, List<String> tags, long sequence) implements Serializable, Touchable {
        @Override
        public long touch() {
            return (id != null ? id.length() : 0) + (at != null ? at.getNano() : 0)
                    + (date != null ? date.getTime() : 0) + (tags != null ? tags.size() : 0) + sequence;
        }
    }

    /** A DTO that carries an exception, and the page of everything that the hostile tests mutate. */
    public static class Page implements Serializable, Touchable {
        int number;
        List<Timed> rows;
        Map<String, Plain> byName;
        Arrays2 arrays;
        Event event;
        IllegalStateException error;
        Timed[] top;

        @Override
        public long touch() {
            long sum = number + (rows != null ? rows.size() : 0) + (byName != null ? byName.size() : 0)
                    + (arrays != null ? arrays.touch() : 0) + (event != null ? event.touch() : 0)
                    + (top != null ? top.length : 0);
            if (error != null) {
                sum += error.getMessage() != null ? error.getMessage().length() : 0;
                Throwable cause = error.getCause();
                sum += cause != null && cause.getMessage() != null ? cause.getMessage().length() : 0;
                sum += error.getStackTrace().length;
            }
            return sum;
        }
    }

    /**
     * A page with a value in every field; {@code withError}: also an exception, which hessian-lite 3.2.x writes and
     * reads only where java.base is opened to it.
     */
    public static Page page(int seed, boolean withError) {
        Page page = new Page();
        page.number = seed;
        page.rows = new ArrayList<>();
        page.byName = new LinkedHashMap<>();
        for (int i = 0; i < 3; i++) {
            Timed row = new Timed();
            row.created = new Date(1_700_000_000_000L + seed * 1000L + i);
            row.items = new ArrayList<>(Arrays.asList("item", i, new Date(5)));
            row.at = Instant.ofEpochSecond(1_700_000_000L + seed, 123_456_789 + i);
            row.local = LocalDateTime.of(2025, 11, 22, 10, 15, i);
            row.day = LocalDate.of(2025, 1 + i, 1);
            row.legacy = new Date(1_600_000_000_000L + i);
            row.plain = plain("row " + i, i);
            row.labels = new TreeSet<>(Arrays.asList("a", "b" + i));
            page.rows.add(row);
            page.byName.put("p" + i, plain("by name " + i, i + 10));
        }
        page.arrays = new Arrays2();
        page.arrays.plains = new Plain[]{plain("first", 1), null, page.byName.get("p0")};
        page.arrays.names = new String[]{"x", "y"};
        page.arrays.anything = new Object[]{"s", 3, page.rows.get(0)};
        page.arrays.numbers = new int[]{1, 2, 3};
        page.event = new Event("event", Instant.ofEpochSecond(1_700_000_000L, 5), new Date(7),
                new ArrayList<>(Arrays.asList("t1", "t2")), 99L);
        page.error = withError ? new IllegalStateException("failed", new IllegalArgumentException("cause")) : null;
        page.top = new Timed[]{page.rows.get(1)};
        return page;
    }

    /**
     * A page (without an exception) that also holds {@code extra} at one of five depths ({@code where} modulo 5): in a
     * row's items, as a value of the by-name map, in an array, in a later row, or beside the page in an array.
     */
    @SuppressWarnings("unchecked")
    public static Object pageHolding(int seed, Object extra, int where) {
        Page page = page(seed, false);
        switch (where % 5) {
            case 0:
                page.rows.get(where % 3).items.add(extra);
                return page;
            case 1:
                ((Map<String, Object>) (Map<String, ?>) page.byName).put("extra", extra);
                return page;
            case 2:
                page.arrays.anything[1] = extra;
                return page;
            case 3:
                page.rows.get(2).items.add(0, extra);
                return page;
            default:
                return new Object[]{page.event, page, extra};
        }
    }

    /** A row whose items hold the row itself: a cycle. */
    public static Timed cyclicRow(int seed) {
        Timed row = page(seed, false).rows.get(0);
        row.items.add(row);
        return row;
    }

    static Plain plain(String name, int count) {
        Plain plain = new Plain();
        plain.date = new Date(1_650_000_000_000L + count);
        plain.name = name;
        plain.count = count;
        plain.id = 1000L + count;
        plain.tags = new ArrayList<>(Arrays.asList("t", name));
        plain.scores = new HashMap<>();
        plain.scores.put("s", count);
        plain.amount = new BigDecimal("12.50");
        return plain;
    }

    /**
     * Every field of every object reachable from {@code root} whose value its declared type cannot hold, as
     * {@code "Class.field: held class"}. Read by reflection only, never through the declared type, so a wrong value is
     * found without being touched.
     */
    public static List<String> wrongTypedFields(Object root) {
        List<String> wrong = new ArrayList<>();
        walk(root, (field, value) -> {
            if (value != null && !field.getType().isInstance(value)) {
                wrong.add(field.getDeclaringClass().getName() + "." + field.getName() + ": "
                        + value.getClass().getName());
                return false;   // never followed
            }
            return true;
        }, object -> { });
        return wrong;
    }

    /**
     * Every object reachable from {@code root}, once each, walked as {@link #wrongTypedFields} walks (a field holding
     * an object its type cannot hold is listed, not followed).
     */
    public static List<Object> reachable(Object root) {
        List<Object> objects = new ArrayList<>();
        walk(root, (field, value) -> value == null || field.getType().isInstance(value), objects::add);
        return objects;
    }

    /** Touches every {@link Touchable} reachable from {@code root} (call {@link #wrongTypedFields} first). */
    public static long touchAll(Object root) {
        long[] sum = {0};
        walk(root, (field, value) -> true, object -> {
            if (object instanceof Touchable) {
                sum[0] += ((Touchable) object).touch();
            }
        });
        return sum[0];
    }

    private interface FieldVisitor {
        /** Whether to follow the value. */
        boolean visit(Field field, Object value);
    }

    /**
     * Every object reachable from {@code root}, once each: the elements of arrays, collections and maps, and the fields
     * of the tests' own classes and of Throwables (where java.base is opened to reflection: the child JVMs); other JDK
     * objects are not looked into.
     */
    private static void walk(Object root, FieldVisitor fields, java.util.function.Consumer<Object> objects) {
        IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();
        List<Object> todo = new ArrayList<>();
        todo.add(root);
        while (!todo.isEmpty()) {
            Object object = todo.remove(todo.size() - 1);
            if (object == null || seen.put(object, Boolean.TRUE) != null) {
                continue;
            }
            objects.accept(object);
            Class<?> type = object.getClass();
            if (type.isArray()) {
                if (!type.getComponentType().isPrimitive()) {
                    for (int i = 0; i < Array.getLength(object); i++) {
                        todo.add(Array.get(object, i));
                    }
                }
            } else if (object instanceof Collection) {
                todo.addAll((Collection<?>) object);
            } else if (object instanceof Map) {
                todo.addAll(((Map<?, ?>) object).keySet());
                todo.addAll(((Map<?, ?>) object).values());
            } else if (!type.getName().startsWith("java.") || object instanceof Throwable) {
                for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                    for (Field field : c.getDeclaredFields()) {
                        if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive()
                                || !field.trySetAccessible()) {
                            continue;
                        }
                        Object value = read(field, object);
                        if (fields.visit(field, value)) {
                            todo.add(value);
                        }
                    }
                }
            }
        }
    }

    /**
     * The field's value, whatever it is. JDK 18+ reflection checks the value's type when it reads a field and refuses
     * a wrong one (IllegalArgumentException): then the raw reference is read with Unsafe, never used but to name its
     * class.
     */
    private static Object read(Field field, Object object) {
        try {
            return field.get(object);
        } catch (IllegalArgumentException wrongType) {
            return RawField.get(object, field);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class RawField {
        private static final sun.misc.Unsafe UNSAFE = unsafe();

        static Object get(Object object, Field field) {
            return UNSAFE.getObject(object, UNSAFE.objectFieldOffset(field));
        }

        private static sun.misc.Unsafe unsafe() {
            try {
                Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
                theUnsafe.setAccessible(true);
                return (sun.misc.Unsafe) theUnsafe.get(null);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
