package io.github.hessiantime.hessian.deser;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The class definitions one {@code SerializerFactory}'s streams have read, by their exact bytes: a stream that meets
 * the same bytes again ({@link FastStringHessian2Input}) takes the type and field names from here instead of decoding
 * them, and makes the definition as hessian-lite's definition reader would, asking the factory for the type's reader
 * as for any definition. So a recognised definition gets the factory's (and Dubbo's) verdict on every message; this
 * cache holds strings only, no class, reader or verdict, and so pins no class loader.
 *
 * <ul>
 *   <li>Keyed by the whole byte span of the definition (type, field count and names), compared byte for byte; a hash
 *       of the type name's bytes only picks the slot. A definition's encoding delimits itself, so bytes that equal a
 *       whole kept definition are that definition.</li>
 *   <li>Bounded: {@value #SLOTS} slots of one definition each, a newer definition replacing an older one in its slot;
 *       a definition is at most a stream buffer long (1 KiB in hessian-lite 4.0.4). A million distinct definitions
 *       use the same memory as {@value #SLOTS}.</li>
 *   <li>Per factory: owned by the factory ({@link Owner}), so per class loader and dropped with it.</li>
 * </ul>
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class ClassDefinitionCache {
    /** How many definitions a cache keeps at most. */
    public static final int SLOTS = 256;

    /** A {@code SerializerFactory} whose streams may recognise class definitions. */
    public interface Owner {
        /** This factory's cache, or {@code null} when its streams should read every definition in full. */
        ClassDefinitionCache classDefinitions();
    }

    // A plain array, read and written without synchronisation: a kept Definition is immutable, made once all its strings
    // are decoded (keep), so its final fields publish them to any thread that finds it (JLS 17.5); a stale slot only
    // means a definition decoded again. (An AtomicReferenceArray's get is a VarHandle call that the JIT left
    // uninlined in some forks of the page benchmark: up to 0.4 µs a page in the committed profile.)
    private final Definition[] slots = new Definition[SLOTS];

    /** The definition kept in the slot of this hash, to be compared byte for byte; or null. */
    Definition candidate(int hash) {
        return slots[hash & (SLOTS - 1)];
    }

    /** Keeps {@code learned}, whose strings are all decoded now, as an immutable copy. */
    void keep(Definition learned) {
        slots[learned.hash & (SLOTS - 1)] = new Definition(learned.bytes, learned.hash, learned.strings.clone(),
                learned.encodedLengths);
    }

    /** How many definitions are kept now (for tests). */
    public int size() {
        int size = 0;
        for (int i = 0; i < SLOTS; i++) {
            if (slots[i] != null) {
                size++;
            }
        }
        return size;
    }

    // Java 9's Arrays.equals over two ranges, which the JIT compiles to a comparison of many bytes at once (this
    // library's bytecode is Java 8's, so it is found by name); null on Java 8, where matches() compares byte by byte.
    private static final MethodHandle RANGE_EQUALS = rangeEquals();

    private static MethodHandle rangeEquals() {
        try {
            return MethodHandles.publicLookup().findStatic(java.util.Arrays.class, "equals", MethodType.methodType(
                    boolean.class, byte[].class, int.class, int.class, byte[].class, int.class, int.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    /** A class definition's bytes and what they decode to: the type, then each field name. */
    static final class Definition {
        private final byte[] bytes;
        final int hash;
        final String[] strings;
        final int[] encodedLengths;      // bytes of each string as encoded (tag, length, characters)
        private final int namesStart;

        Definition(byte[] bytes, int hash, String[] strings, int[] encodedLengths) {
            this.bytes = bytes;
            this.hash = hash;
            this.strings = strings;
            this.encodedLengths = encodedLengths;
            int names = 0;
            for (int i = 1; i < encodedLengths.length; i++) {
                names += encodedLengths[i];
            }
            this.namesStart = bytes.length - names;
        }

        /** Where the field names begin in the definition's bytes: after the type and the field count. */
        int namesStart() {
            return namesStart;
        }

        /** The definition's length in bytes. */
        int length() {
            return bytes.length;
        }

        /** Whether {@code other} holds this definition's bytes from {@code from} on (all of them there). */
        boolean matches(byte[] other, int from) {
            if (RANGE_EQUALS != null) {
                try {
                    return (boolean) RANGE_EQUALS.invokeExact(bytes, 0, bytes.length, other, from, from + bytes.length);
                } catch (Throwable e) {
                    throw new IllegalStateException(e);     // in range (the caller checked): nothing to throw
                }
            }
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] != other[from + i]) {
                    return false;
                }
            }
            return true;
        }
    }
}
