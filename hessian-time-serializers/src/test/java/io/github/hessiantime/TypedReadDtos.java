package io.github.hessiantime;

import java.io.Serializable;
import java.time.Instant;

/**
 * The two classes of a typed read into another class of the same shape, plain ({@link InlineTypedReadTest}) and
 * through Dubbo ({@code dubbo.InlineTypedReadDubboTest}): a writer's class and a reader's declared class that is
 * neither it nor one of its supertypes, with the same field names. Public for the Dubbo glue tests' package.
 */
public final class TypedReadDtos {
    private TypedReadDtos() {
    }

    public static final class Sent implements Serializable {
        public int id = 4;
        public Instant at = Instant.parse("2025-11-22T10:15:30.123456Z");
    }

    public static final class Declared implements Serializable {
        public int id;
        public Instant at;
    }
}
