package io.github.hessiantime.hessian.deser;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The class definitions one {@code SerializerFactory}'s streams have read, by their exact bytes: a stream that meets
 * the same bytes again ({@link FastStringHessian2Input}) takes the type and field names from here instead of decoding
 * them, and hands them to hessian-lite's own definition reader, which looks the type up in the factory as for any
 * definition. So a recognised definition gets the factory's (and Dubbo's) verdict on every message; this cache holds
 * strings only, no class, reader or verdict, and so pins no class loader.
 *
 * <ul>
 *   <li>Keyed by the whole byte span of the definition (type, field count and names), compared byte for byte; a hash
 *       of the type name's bytes only picks the slot. A definition's encoding delimits itself, so bytes that equal a
 *       whole kept definition are that definition.</li>
 *   <li>Bounded: {@value #SLOTS} slots of one definition each, a newer definition replacing an older one in its slot;
 *       a definition is at most a stream buffer long (256 bytes). A million distinct definitions use the same memory
 *       as {@value #SLOTS}.</li>
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

    private final AtomicReferenceArray<Definition> slots = new AtomicReferenceArray<>(SLOTS);

    /** The definition kept in the slot of this hash, to be compared byte for byte; or null. */
    Definition candidate(int hash) {
        return slots.get(hash & (SLOTS - 1));
    }

    void keep(Definition definition) {
        slots.lazySet(definition.hash & (SLOTS - 1), definition);
    }

    /** How many definitions are kept now (for tests). */
    public int size() {
        int size = 0;
        for (int i = 0; i < SLOTS; i++) {
            if (slots.get(i) != null) {
                size++;
            }
        }
        return size;
    }

    /** A class definition's bytes and what they decode to: the type, then each field name. */
    static final class Definition {
        private final byte[] bytes;
        final int hash;
        final String[] strings;
        final int[] encodedLengths;      // bytes of each string as encoded (tag, length, characters)

        Definition(byte[] bytes, int hash, String[] strings, int[] encodedLengths) {
            this.bytes = bytes;
            this.hash = hash;
            this.strings = strings;
            this.encodedLengths = encodedLengths;
        }

        /** The definition's length in bytes. */
        int length() {
            return bytes.length;
        }

        /** Whether {@code other} holds this definition's bytes from {@code from} on (all of them there). */
        boolean matches(byte[] other, int from) {
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] != other[from + i]) {
                    return false;
                }
            }
            return true;
        }
    }
}
