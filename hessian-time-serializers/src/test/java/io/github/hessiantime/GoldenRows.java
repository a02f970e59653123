package io.github.hessiantime;

import java.lang.reflect.Field;

/**
 * Fills the beans of the inline golden vectors ({@link InlineRow}, {@link InlineOtherRow}): an id, a name, and each
 * time value in the field declared with its class. Each of those beans has one field per type, and the java.time
 * types are final, so a value's class names its field.
 */
final class GoldenRows {
    private GoldenRows() {
    }

    /** {@code row} with {@code id}, {@code name} and each non-null time value set; returns {@code row}. */
    static <R> R fill(R row, long id, String name, Object... timeValues) {
        Class<?> type = row.getClass();
        try {
            type.getDeclaredField("id").setLong(row, id);
            type.getDeclaredField("name").set(row, name);
            for (Object value : timeValues) {
                if (value != null) {
                    fieldOfTheClassOf(type, value).set(row, value);
                }
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        return row;
    }

    private static Field fieldOfTheClassOf(Class<?> type, Object value) {
        for (Field field : type.getDeclaredFields()) {
            if (field.getType() == value.getClass()) {
                return field;
            }
        }
        throw new IllegalArgumentException(type.getSimpleName() + " has no field of the class of " + value);
    }
}
