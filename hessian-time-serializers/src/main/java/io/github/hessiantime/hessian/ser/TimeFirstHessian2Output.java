package io.github.hessiantime.hessian.ser;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.Serializer;
import io.github.hessiantime.hessian.BinaryPayload;
import io.github.hessiantime.hessian.WireType;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A {@code Hessian2Output} that writes java.time values with hessian-time's serializers before asking its
 * {@code SerializerFactory}. Two reasons, both measured or seen:
 * <ul>
 *   <li>hessian-lite 3.2.x consults its own java.time serializers before any added factory, so a factory with
 *       hessian-time added still writes the stock format there;</li>
 *   <li>hessian-lite's lookup per object ({@code getObjectSerializer}: a concurrent map and a type check) is a
 *       visible share of a java.time value's cost in a page profile; a {@code Date} field never pays it.</li>
 * </ul>
 * It also lends the compact serializers one payload buffer per stream.
 *
 * <p>Every other object takes the stock path, so nothing else changes. Nested values are covered too: hessian-lite's
 * own serializers write field values, list elements and map entries through {@link #writeObject(Object)}.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class TimeFirstHessian2Output extends Hessian2Output implements BinaryPayload.PayloadScratch {
    private final TimeFirst timeFirst;
    // One payload buffer per stream (a stream is written by one thread at a time), instead of one array per value;
    // made on first use, since a stream whose time values are all inline bean fields never needs it.
    private byte[] payloadScratch;

    /** {@code timeFirst}: what is asked before anything else. */
    public TimeFirstHessian2Output(OutputStream out, TimeFirst timeFirst) {
        super(out);
        this.timeFirst = timeFirst;
    }

    @Override
    public void writeObject(Object object) throws IOException {
        if (object != null) {
            Serializer serializer = timeFirst.serializer(object.getClass());
            if (serializer != null) {
                serializer.writeObject(object, this);
                return;
            }
        }
        super.writeObject(object);
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
