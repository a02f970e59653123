package io.github.hessiantime.hessian.ser;

import com.alibaba.com.caucho.hessian.io.Hessian2Constants;
import com.alibaba.com.caucho.hessian.io.Serializer;
import com.alibaba.com.caucho.hessian.util.IdentityIntMap;
import io.github.hessiantime.hessian.EncodedClassDefinition;
import io.github.hessiantime.hessian.HessianTimeOutput;
import io.github.hessiantime.hessian.WireType;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A {@code Hessian2Output} that writes java.time values with hessian-time's serializers before asking its
 * {@code SerializerFactory}. Two reasons, both measured or seen:
 * <ul>
 *   <li>hessian-lite 3.2.x consults its own java.time serializers before any added factory, so a factory with
 *       hessian-time added still writes the stock format there;</li>
 *   <li>hessian-lite's lookup per object ({@code getObjectSerializer}: a concurrent map and a type check) is a
 *       visible share of a java.time value's cost in a page profile; a {@code Date} field never pays it.</li>
 * </ul>
 * It also lends the compact serializers one payload buffer per stream, copies inline beans' class definitions from
 * their encoded bytes ({@link #writeInstanceBegin}), and counts what a message put in hessian-lite's private identity
 * maps, so that {@link Hessian2OutputPool} keeps only streams whose maps stayed small.
 *
 * <p>Every other object takes the stock path, so nothing else changes. Nested values are covered too: hessian-lite's
 * own serializers write field values, list elements and map entries through {@link #writeObject(Object)}.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class TimeFirstHessian2Output extends HessianTimeOutput {
    // room hessian-lite's writeObjectBegin keeps in the buffer before writing a definition or a reference
    private static final int OBJECT_BEGIN_ROOM = 32;

    private final TimeFirst timeFirst;
    // One payload buffer per stream (a stream is written by one thread at a time), instead of one array per value;
    // made on first use, since a stream whose time values are all inline bean fields never needs it.
    private byte[] payloadScratch;
    // How many entries this message added to hessian-lite's reference and class-definition maps, which grow 4x at a
    // quarter full and never shrink: what Hessian2OutputPool.giveBack (through detach) weighs before keeping the
    // stream. A pooled stream also records the keys, in order, up to the most a kept stream may have added, for
    // Hessian2OutputReset to take out of the maps again; a stream outside a pool records none (the arrays are null).
    private final Object[] newReferenceKeys;
    private final Object[] newDefinitionKeys;
    private int newReferences;
    private int newDefinitions;
    // false once a reference was replaced or removed (writeReplace): those keys stay in hessian-lite's map
    private boolean onlyRecordedKeys = true;
    private int copiedDefinitions;
    // The class of the last object this stream wrote that has no hessian-time serializer: the rows of a page are one
    // class, so each row after the first skips the lookup (a map probe per row, about 2 % of a 20-row page's round
    // trip in the profile, issue 30). Exact, as the lookup's answer for a class never changes; dropped with the
    // message when a pooled stream is given back, so a kept stream holds no class of a message gone.
    private Class<?> lastClassWithoutTimeSerializer;

    /** {@code timeFirst}: what is asked before anything else. */
    public TimeFirstHessian2Output(OutputStream out, TimeFirst timeFirst) {
        this(out, timeFirst, false);
    }

    private TimeFirstHessian2Output(OutputStream out, TimeFirst timeFirst, boolean recordsKeys) {
        super(out);
        this.timeFirst = timeFirst;
        this.newReferenceKeys = recordsKeys ? new Object[Hessian2OutputPool.MAX_ENTRIES] : null;
        this.newDefinitionKeys = recordsKeys ? new Object[Hessian2OutputPool.MAX_ENTRIES] : null;
    }

    /** A stream for {@link Hessian2OutputPool}: it records the keys each message adds, for {@link #detach}. */
    static TimeFirstHessian2Output pooled(OutputStream out, TimeFirst timeFirst) {
        return new TimeFirstHessian2Output(out, timeFirst, true);
    }

    @Override
    public void writeObject(Object object) throws IOException {
        if (object != null) {
            Class<?> cl = object.getClass();
            if (cl != lastClassWithoutTimeSerializer) {
                Serializer serializer = timeFirst.serializer(cl);
                if (serializer != null) {
                    serializer.writeObject(object, this);
                    return;
                }
                lastClassWithoutTimeSerializer = cl;
            }
        }
        super.writeObject(object);
    }

    @Override
    public boolean addRef(Object object) throws IOException {
        boolean known = super.addRef(object);
        if (!known) {
            if (newReferenceKeys != null && newReferences < newReferenceKeys.length) {
                newReferenceKeys[newReferences] = object;
            }
            newReferences++;
        }
        return known;
    }

    @Override
    public boolean replaceRef(Object oldRef, Object newRef) throws IOException {
        onlyRecordedKeys = false;
        return super.replaceRef(oldRef, newRef);
    }

    @Override
    public boolean removeRef(Object object) throws IOException {
        onlyRecordedKeys = false;
        return super.removeRef(object);
    }

    @Override
    public int writeObjectBegin(String type) throws IOException {
        int ref = super.writeObjectBegin(type);
        if (ref < 0) {
            definitionAdded(type);
        }
        return ref;
    }

    /**
     * Begins an instance of {@code definition} as {@code writeObjectBegin}, the field count and names and
     * {@code writeObjectBegin} again write it, the definition's strings copied from its encoded bytes instead of
     * encoded again. Only where the buffer has room for all of it without a flush, so hessian-lite's calls would not
     * have flushed in between either: the same bytes, in the same packets. False, with nothing written, otherwise (a
     * nearly full buffer, a definition too long to copy, hessian-lite 3.2.x).
     */
    @Override
    public boolean writeInstanceBegin(EncodedClassDefinition definition) throws IOException {
        byte[] encoded = definition.encoded();
        if (encoded == null || !Hessian2OutputBuffer.REACHABLE) {
            return false;
        }
        byte[] buffer = Hessian2OutputBuffer.bytes(this);
        int offset = Hessian2OutputBuffer.offset(this);
        if (offset + 1 + encoded.length + OBJECT_BEGIN_ROOM > buffer.length) {
            return false;
        }
        IdentityIntMap definitions = Hessian2OutputBuffer.classDefinitions(this);
        String type = definition.type();
        int newRef = definitions.size();
        int ref = Hessian2OutputBuffer.put(definitions, type, newRef);
        if (ref == newRef) {    // new in this message: the definition first
            definitionAdded(type);
            copiedDefinitions++;
            buffer[offset++] = (byte) 'C';
            System.arraycopy(encoded, 0, buffer, offset, encoded.length);
            offset += encoded.length;
        }
        if (ref <= Hessian2Constants.OBJECT_DIRECT_MAX) {
            buffer[offset++] = (byte) (Hessian2Constants.BC_OBJECT_DIRECT + ref);
            Hessian2OutputBuffer.setOffset(this, offset);
        } else {
            buffer[offset++] = (byte) 'O';
            Hessian2OutputBuffer.setOffset(this, offset);
            writeInt(ref);
        }
        return true;
    }

    /** How many class definitions this stream copied from their encoded bytes (for tests). */
    public int copiedDefinitions() {
        return copiedDefinitions;
    }

    private void definitionAdded(String type) {
        if (newDefinitionKeys != null && newDefinitions < newDefinitionKeys.length) {
            newDefinitionKeys[newDefinitions] = type;
        }
        newDefinitions++;
    }

    /** A stream taken from a pool writes its next message to {@code out}; it was reset when it was given back. */
    void attach(OutputStream out) {
        _os = out;
    }

    /**
     * Ends a pooled stream's message: everything a fresh stream would not hold is dropped (references to the
     * message's objects, class definitions, buffered bytes, the output stream). Whether the stream is worth keeping:
     * its identity maps still hold at most {@link Hessian2OutputPool#MAX_ENTRIES} entries a message (hessian-lite
     * never shrinks them).
     */
    boolean detach() {
        boolean small = newReferences <= Hessian2OutputPool.MAX_ENTRIES
                && newDefinitions <= Hessian2OutputPool.MAX_ENTRIES;
        boolean recorded = newReferenceKeys != null;
        // a small message's keys are all recorded: the arrays are MAX_ENTRIES long
        if (small && recorded && onlyRecordedKeys) {
            Hessian2OutputReset.reset(this, newReferenceKeys, newReferences, newDefinitionKeys, newDefinitions);
        } else {
            reset();
        }
        _os = null;
        lastClassWithoutTimeSerializer = null;
        if (recorded) {
            Arrays.fill(newReferenceKeys, 0, Math.min(newReferences, newReferenceKeys.length), null);
            Arrays.fill(newDefinitionKeys, 0, Math.min(newDefinitions, newDefinitionKeys.length), null);
        }
        newReferences = 0;
        newDefinitions = 0;
        onlyRecordedKeys = true;
        return small;
    }

    /** A buffer of at least every wire type's maximum payload, for the value being written now. */
    @Override
    public byte[] payloadScratch() {
        if (payloadScratch == null) {
            payloadScratch = new byte[WireType.largestPayload()];
        }
        return payloadScratch;
    }
}
