package io.github.hessiantime.model;

import java.io.Serializable;
import java.util.Arrays;

/**
 * {@code equals}, {@code hashCode} and {@code toString} over the fields a sample DTO lists in {@link #values()}.
 *
 * <p>It declares no instance field, so Hessian writes exactly the fields of the concrete class, with their concrete
 * types: a {@code Date} DTO still goes through hessian-lite's Date field serializer, which is what the benchmarks
 * compare.
 */
public abstract class ValueObject implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The fields that make two instances equal, in declaration order. */
    protected abstract Object[] values();

    @Override
    public final boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && Arrays.equals(values(), ((ValueObject) o).values());
    }

    @Override
    public final int hashCode() {
        return Arrays.hashCode(values());
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + Arrays.toString(values());
    }
}
