package io.github.hessiantime.bench;

import java.io.Serializable;
import java.util.Arrays;

/**
 * {@code equals} and {@code hashCode} over the fields a benchmark DTO lists in {@link #values()}.
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
}
