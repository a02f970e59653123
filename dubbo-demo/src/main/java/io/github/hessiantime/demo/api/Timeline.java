package io.github.hessiantime.demo.api;

import java.io.Serializable;
import java.util.Arrays;

/**
 * What the two timeline DTOs share: their identity is their order id and five milestones. It declares no field, so
 * each subclass goes on the wire with exactly its own fields ({@code Date}s or {@code LocalDateTime}s), which is the
 * difference the demo's throughput comparison shows.
 */
public abstract class Timeline implements Serializable {
    private static final long serialVersionUID = 1L;

    public abstract long getOrderId();

    /** The order id and the five milestones, in field order. */
    abstract Object[] fields();

    @Override
    public final boolean equals(Object other) {
        return other != null && other.getClass() == getClass() && Arrays.equals(fields(), ((Timeline) other).fields());
    }

    @Override
    public final int hashCode() {
        return Arrays.hashCode(fields());
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + Arrays.toString(fields());
    }
}
