package io.github.hessiantime.hessian.deser;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.hessian.BinaryPayload;
import io.github.hessiantime.hessian.WireType;
import io.github.hessiantime.payload.PayloadCodec;
import io.github.hessiantime.payload.PayloadReader;

import java.io.IOException;

/**
 * Reads the compact format: registered only for its wire type's name ({@code ht.Instant} and so on), so the class
 * definition it is handed is that type's; its one field name says the format version and the framing (whether the
 * value takes a reference slot).
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class CompactDeserializer<T> extends TimeDeserializer<T> {
    private final PayloadCodec<T> codec;
    /*
     * hessian-lite hands every instance of a class definition the same field array, so once an array is known to be
     * a valid definition the check is one comparison instead of a string comparison per value (a fifth of the
     * decoding time in a page profile). Racy on purpose: a stale entry only means checking the strings again.
     */
    private volatile Object[] knownReferenced;
    private volatile Object[] knownUnreferenced;

    @SuppressWarnings("unchecked")
    public CompactDeserializer(WireType wire) {
        super(wire);
        this.codec = (PayloadCodec<T>) wire.codec();
    }

    @Override
    protected T readFields(AbstractHessianInput in, Object[] names) throws IOException {
        boolean referenced;
        if (names == knownReferenced) {
            referenced = true;
        } else if (names == knownUnreferenced) {
            referenced = false;
        } else {
            referenced = checkDefinition(names);
        }
        PayloadReader payload = BinaryPayload.open(in, type, wire.maxPayloadLength());
        T value = codec.decode(payload);
        payload.expectEnd();
        if (referenced) {
            // The writer took a reference slot for this object (CompactSerializer), so the reader takes one too.
            in.addRef(value);
        }
        return value;
    }

    /** Whether the definition is the referenced framing; throws if it is no framing of this version. */
    private boolean checkDefinition(Object[] names) throws TimeDecodingException {
        boolean referenced = names.length == 1 && wire.fieldName().equals(names[0]);
        if (!referenced && (names.length != 1 || !names[0].equals(wire.unreferencedFieldName()))) {
            throw new TimeDecodingException(type, Problem.UNKNOWN_FORMAT_VERSION, "class definition "
                    + wire.wireName() + " has fields " + fields(names) + "; this reader knows v1 ["
                    + wire.fieldName() + "]" + (wire.unreferencedFieldName() != null
                    ? " and its unreferenced framing [" + wire.unreferencedFieldName() + "]" : ""));
        }
        if (referenced) {
            knownReferenced = names;
        } else {
            knownUnreferenced = names;
        }
        return referenced;
    }
}
