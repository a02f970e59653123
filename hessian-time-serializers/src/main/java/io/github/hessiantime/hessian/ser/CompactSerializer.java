package io.github.hessiantime.hessian.ser;

import com.alibaba.com.caucho.hessian.io.AbstractHessianOutput;
import com.alibaba.com.caucho.hessian.io.AbstractSerializer;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import io.github.hessiantime.hessian.BinaryPayload;
import io.github.hessiantime.hessian.WireType;
import io.github.hessiantime.payload.PayloadCodec;

import java.io.IOException;

/**
 * Writes one java.time type in the compact format: a Hessian 2 object of its {@link WireType}, that is a class
 * definition with one field (written once per stream), then per value the definition reference and one binary
 * payload that the type's {@link PayloadCodec} encodes.
 *
 * <p>In the default (referenced) framing each value takes a reference slot, like every Hessian 2 object, and the
 * same instance again becomes a back reference. In the unreferenced framing, for streams whose every reader is
 * hessian-time, the definition's field is {@link WireType#unreferencedFieldName()} and values take no slot: that
 * saves the writer an identity-hash-map entry per value, the largest single cost of a compact value in a page
 * (see docs/benchmarks.md). Types without an unreferenced field name keep the referenced framing.
 *
 * <p>Hessian 1 streams get hessian-lite's own handle object, which is what stock hessian-lite writes there: the
 * compact format is defined for Hessian 2 only.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class CompactSerializer<T> extends AbstractSerializer {
    private final WireType wire;
    private final PayloadCodec<T> codec;
    private final boolean referenced;
    private final String fieldName;

    /** {@code referenced == false}: the unreferenced framing where the type has one, else the referenced one. */
    @SuppressWarnings("unchecked")
    public CompactSerializer(WireType wire, boolean referenced) {
        this.wire = wire;
        this.codec = (PayloadCodec<T>) wire.codec();
        this.referenced = referenced || wire.unreferencedFieldName() == null;
        this.fieldName = this.referenced ? wire.fieldName() : wire.unreferencedFieldName();
    }

    @Override
    public void writeObject(Object obj, AbstractHessianOutput out) throws IOException {
        if (obj == null) {
            out.writeNull();
            return;
        }
        T value = codec.type().cast(obj);
        if (!(out instanceof Hessian2Output)) {
            out.writeObject(wire.handleFormat().toHandle(value));
            return;
        }
        // Referenced framing: like every Hessian 2 object the value takes a reference slot, and readers count it;
        // the same instance again becomes a two-byte back reference.
        if (referenced && out.addRef(obj)) {
            return;
        }
        if (out.writeObjectBegin(wire.wireName()) == -1) {
            out.writeClassFieldLength(1);
            out.writeString(fieldName);
            out.writeObjectBegin(wire.wireName());
        }
        BinaryPayload.write(out, codec, value);
    }
}
