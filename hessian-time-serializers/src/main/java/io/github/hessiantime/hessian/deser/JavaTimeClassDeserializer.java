package io.github.hessiantime.hessian.deser;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.hessian.CompactModeFormat;
import io.github.hessiantime.hessian.WireType;

import java.io.IOException;

/**
 * The reader hessian-lite finds for a java.time class itself. hessian-lite asks for it in two cases, and cannot
 * tell it which:
 * <ul>
 *   <li>a class definition named after the java.time class: hessian-lite's {@code compactMode}, which only
 *       LocalDate, LocalTime and LocalDateTime have;</li>
 *   <li>a typed read (a DTO field, a method parameter) whose class definition has a reader of another type, or
 *       none: a value of another type, or a name this JVM does not know.</li>
 * </ul>
 * So it accepts exactly the {@code compactMode} shape of its own type and refuses everything else as a type
 * mismatch. It never guesses from field names: the compact and handle formats are read only by the readers
 * registered for their own names.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class JavaTimeClassDeserializer<T> extends TimeDeserializer<T> {
    /** The compactMode format, or {@code null} for the types that have none. */
    private final CompactModeFormat compactMode;

    public JavaTimeClassDeserializer(WireType wire) {
        super(wire);
        this.compactMode = wire.compactMode();
    }

    /**
     * hessian-lite 4.0.x keeps the reader of a class definition's own name when this is true, even if the declared
     * type differs. LocalDate's and LocalTime's {@code compactMode} definitions differ only in their name, so a
     * LocalDate must stay with the LocalDate reader: the caller then gets the LocalDate that was written (and fails
     * on its own type check) instead of a LocalTime made from an epoch day. hessian-lite 3.2.x has no such hook;
     * see docs/wire-format.md.
     */
    @Override
    public boolean isReadResolve() {
        return compactMode != null;
    }

    @Override
    protected T readFields(AbstractHessianInput in, Object[] names) throws IOException {
        if (compactMode == null || !compactMode.isDefinition(names)) {
            throw typeMismatch("a class definition with fields " + fields(names) + ", which is none of "
                    + type.getSimpleName() + "'s formats: a value of another type, or of a type this JVM does not"
                    + " know");
        }
        T value = type.cast(compactMode.read(in));
        in.addRef(value);
        return value;
    }
}
