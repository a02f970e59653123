package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianOutput;
import com.alibaba.com.caucho.hessian.io.AbstractSerializer;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.Serializer;

import java.io.IOException;

/**
 * Writes one java.time type as a Hessian 2 object of its {@link WireType}: a class definition with one field, then
 * per value the object's definition reference and a binary payload. The subclass only encodes the payload.
 */
public abstract class CompactSerializer<T> extends AbstractSerializer {
    private final WireType wire;
    private final Class<T> type;
    private final Serializer hessian1Format;

    /**
     * @param hessian1Format hessian-lite's own serializer for the type, used for Hessian 1 streams, for which the
     *                       compact format is not defined
     */
    protected CompactSerializer(WireType wire, Class<T> type, Serializer hessian1Format) {
        this.wire = wire;
        this.type = type;
        this.hessian1Format = hessian1Format;
    }

    @Override
    public void writeObject(Object obj, AbstractHessianOutput out) throws IOException {
        if (obj == null) {
            out.writeNull();
            return;
        }
        if (!(out instanceof Hessian2Output)) {
            hessian1Format.writeObject(obj, out);
            return;
        }
        // Every Hessian 2 object takes a reference slot, and readers count it; the same instance again becomes a
        // two-byte back reference.
        if (out.addRef(obj)) {
            return;
        }
        if (out.writeObjectBegin(wire.wireName()) == -1) {
            out.writeClassFieldLength(1);
            out.writeString(wire.fieldName());
            out.writeObjectBegin(wire.wireName());
        }
        byte[] payload = new byte[wire.maxPayloadLength()];
        int length = encode(type.cast(obj), payload);
        out.writeBytes(payload, 0, length);
    }

    /** Writes the payload into {@code buffer} (sized {@link WireType#maxPayloadLength()}) and returns its length. */
    protected abstract int encode(T value, byte[] buffer);

    public WireType wireType() {
        return wire;
    }
}
