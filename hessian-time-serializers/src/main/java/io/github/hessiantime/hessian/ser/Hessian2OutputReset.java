package io.github.hessiantime.hessian.ser;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.util.IdentityIntMap;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Field;

import static io.github.hessiantime.hessian.PrivateFields.instanceField;

/**
 * {@code Hessian2Output.reset()} for a stream kept for the next message, with its two identity maps (references and
 * class definitions) emptied of the keys the message added, one slot each, instead of by hessian-lite's
 * {@code clear()}, which writes every slot of both arrays of both maps however few were used: on hessian-lite 4.0.x
 * that is 2 × 2 × 256 stores a message, measured at about 400 ns, a tenth of a one-row page's round trip
 * (docs/benchmarks.md). A new array per message instead was slower still (allocation and cold memory).
 *
 * <p>How: the stream records each key it added ({@link TimeFirstHessian2Output#addRef}, {@code writeObjectBegin}).
 * A key is found as hessian-lite's map finds it (identity hash modulo the map's prime, then the next slot) and its
 * slot emptied, last key first, so every key's probe still crosses the keys that were there before it. The map is
 * then handed an empty key array for the length of {@code reset()}, so its {@code clear()} walks no slot and only
 * zeroes its size, and gets its own array back. Everything else {@code reset()} does (reference count, type names,
 * buffered bytes, packet and unshared flags) stays hessian-lite's.
 *
 * <p>Whatever does not add up falls back to hessian-lite's own {@code reset()}, so a key can never survive into the
 * next message: a map holding more entries than were recorded, a recorded key not where its probe leads (the map
 * grew and was rehashed, or unshared mode kept it out), hessian-lite 3.2.x (class definitions in a
 * {@code HashMap}), another build of hessian-lite, or a JVM that refuses the access.
 */
final class Hessian2OutputReset {
    /** Whether maps can be emptied key by key; otherwise {@link #reset} is {@code Hessian2Output.reset()}. */
    static final boolean REACHABLE;
    private static final MethodHandle REFERENCES;     // the class-definition map: Hessian2OutputBuffer's
    private static final MethodHandle KEYS;
    private static final MethodHandle SET_KEYS;
    private static final MethodHandle VALUES;
    private static final MethodHandle PRIME;

    static {
        MethodHandle references = null;
        MethodHandle keys = null;
        MethodHandle setKeys = null;
        MethodHandle values = null;
        MethodHandle prime = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            references = lookup.unreflectGetter(instanceField(Hessian2Output.class, "_refs", IdentityIntMap.class));
            Field keysField = instanceField(IdentityIntMap.class, "_keys", Object[].class);
            keys = lookup.unreflectGetter(keysField);
            setKeys = lookup.unreflectSetter(keysField);
            values = lookup.unreflectGetter(instanceField(IdentityIntMap.class, "_values", int[].class));
            prime = lookup.unreflectGetter(instanceField(IdentityIntMap.class, "_prime", int.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            references = null;  // hessian-lite 3.2.x, another build of it, or a JVM that refuses: reset() as it is
        }
        REACHABLE = references != null && Hessian2OutputBuffer.REACHABLE;
        REFERENCES = references;
        KEYS = keys;
        SET_KEYS = setKeys;
        VALUES = values;
        PRIME = prime;
    }

    private Hessian2OutputReset() {
    }

    /**
     * Resets {@code out} as {@code out.reset()} does: no reference, class definition or buffered byte stays.
     * {@code referenceKeys} and {@code definitionKeys}: the first {@code references} and {@code definitions} of
     * them are every key the message added to each map, in the order added.
     */
    static void reset(Hessian2Output out, Object[] referenceKeys, int references,
                      Object[] definitionKeys, int definitions) {
        if (!REACHABLE) {
            out.reset();
            return;
        }
        try {
            IdentityIntMap referenceMap = (IdentityIntMap) REFERENCES.invokeExact(out);
            IdentityIntMap definitionMap = Hessian2OutputBuffer.classDefinitions(out);
            Object[] referenceSlots = (Object[]) KEYS.invokeExact(referenceMap);
            Object[] definitionSlots = (Object[]) KEYS.invokeExact(definitionMap);
            if (referenceMap.size() != references || definitionMap.size() != definitions
                    || !remove(referenceMap, referenceSlots, referenceKeys, references)
                    || !remove(definitionMap, definitionSlots, definitionKeys, definitions)) {
                out.reset();    // clears every slot, whatever this left
                return;
            }
            // what the maps hold while reset() runs, so that their clear() has no slot to walk (a new array each
            // time: no static state)
            Object[] noKeys = new Object[0];
            SET_KEYS.invokeExact(referenceMap, noKeys);
            SET_KEYS.invokeExact(definitionMap, noKeys);
            out.reset();
            SET_KEYS.invokeExact(referenceMap, referenceSlots);
            SET_KEYS.invokeExact(definitionMap, definitionSlots);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot reset a Hessian2Output", e);  // field accessors throw nothing
        }
    }

    // Empties the slots (map's key array) of keys[0..count), last first; false where a key is not where hessian-lite's
    // probe leads.
    private static boolean remove(IdentityIntMap map, Object[] slots, Object[] keys, int count) throws Throwable {
        int[] values = (int[]) VALUES.invokeExact(map);
        int prime = (int) PRIME.invokeExact(map);
        for (int i = count - 1; i >= 0; i--) {
            Object key = keys[i];
            int slot = Math.abs(System.identityHashCode(key) % prime);     // as IdentityIntMap.put
            for (int probes = 0; slots[slot] != key; probes++) {
                if (slots[slot] == null || probes == prime) {
                    return false;
                }
                slot = (slot + 1) % prime;
            }
            slots[slot] = null;
            values[slot] = 0;
        }
        return true;
    }
}
