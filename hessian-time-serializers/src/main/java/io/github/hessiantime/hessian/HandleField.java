package io.github.hessiantime.hessian;

/**
 * One field of a hessian-lite handle object ({@code ...java8.InstantHandle} and so on), as {@link HandleFormat}
 * declares it: an integer within a range, or an object of a given class (a nested java.time value, or a zone id
 * string).
 */
public final class HandleField {
    private final String name;
    private final long min;
    private final long max;
    private final Class<?> objectType;

    private HandleField(String name, long min, long max, Class<?> objectType) {
        this.name = name;
        this.min = min;
        this.max = max;
        this.objectType = objectType;
    }

    /** An int or long field whose value must lie within {@code min..max}. */
    public static HandleField integer(String name, long min, long max) {
        return new HandleField(name, min, max, null);
    }

    /** An int field of any value. */
    public static HandleField anyInt(String name) {
        return integer(name, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** A non-null field read as {@code type}. */
    public static HandleField object(String name, Class<?> type) {
        return new HandleField(name, 0, 0, type);
    }

    public String name() {
        return name;
    }

    /** Whether this is an integer field; otherwise it is an object field of {@link #objectType()}. */
    public boolean isInteger() {
        return objectType == null;
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    public Class<?> objectType() {
        return objectType;
    }

    @Override
    public String toString() {
        return name;
    }
}
