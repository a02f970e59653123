package io.github.hessiantime.hessian;

/**
 * The field values of one handle object, in the order of its {@link HandleFormat#fields()}: every field is present,
 * integers are within their declared range and objects are of their declared class.
 */
public final class HandleValues {
    private final long[] integers;
    private final Object[] objects;

    public HandleValues(long[] integers, Object[] objects) {
        this.integers = integers;
        this.objects = objects;
    }

    public long getLong(int index) {
        return integers[index];
    }

    /** An integer field declared with an int range. */
    public int getInt(int index) {
        return (int) integers[index];
    }

    public <V> V get(int index, Class<V> type) {
        return type.cast(objects[index]);
    }
}
