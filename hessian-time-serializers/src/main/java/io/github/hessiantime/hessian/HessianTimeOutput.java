package io.github.hessiantime.hessian;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The {@code Hessian2Output} of {@code hessian2-time} ({@code ser.TimeFirstHessian2Output}), as the serializers see it:
 * it lends a payload buffer to the value being written ({@link BinaryPayload}) and copies encoded class definitions
 * into its buffer ({@link EncodedClassDefinition}). Any other {@code Hessian2Output} gets hessian-lite's calls.
 *
 * <p>A superclass, not an interface per capability: the serializers test for it on every value and bean they write,
 * and on JDK 17 a type test against one of two interfaces of a class, asked in turns, rewrites that class's one-entry
 * cache of the last interface found each time (JDK-8180450), a write that threads writing messages at once share;
 * the test against a superclass is a read of the class's fixed list of supertypes.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public abstract class HessianTimeOutput extends Hessian2Output {
    protected HessianTimeOutput(OutputStream out) {
        super(out);
    }

    /** A buffer of at least {@link WireType#largestPayload()} bytes, lent to the value written now. */
    public abstract byte[] payloadScratch();

    /**
     * Writes what {@link EncodedClassDefinition#writeInstanceBegin(Hessian2Output)} writes, the same bytes with the
     * same flushes; false, with nothing written, where this stream cannot (then hessian-lite's calls write it).
     */
    public abstract boolean writeInstanceBegin(EncodedClassDefinition definition) throws IOException;
}
