package io.github.hessiantime.hessian;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;

import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * A class definition encoded once: its type name, field count and field names, as this hessian-lite line's
 * {@code Hessian2Output} writes them after the definition's {@code 'C'}. A stream that has not written the definition
 * in its message yet copies these bytes ({@link HessianTimeOutput}) instead of encoding the same strings again a
 * character at a time ({@code printString}): in the profile of a one-row page, encoding class definitions' strings was
 * about a tenth of the write side (docs/benchmarks.md). The bytes are the ones hessian-lite writes, made by
 * hessian-lite itself.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class EncodedClassDefinition {
    // Longer definitions are written string by string, as hessian-lite writes them: a copy in one piece must fit in
    // the stream's buffer with room to spare (4 KiB on hessian-lite 3.2.x, 8 KiB on 4.0.x).
    private static final int MAX_COPIED = 1024;

    private final String type;
    private final String[] fieldNames;
    private final byte[] encoded;

    private EncodedClassDefinition(String type, String[] fieldNames, byte[] encoded) {
        this.type = type;
        this.fieldNames = fieldNames;
        this.encoded = encoded;
    }

    /** The definition of {@code type} with {@code fieldNames}, in their order. */
    public static EncodedClassDefinition of(String type, String[] fieldNames) {
        String[] names = fieldNames.clone();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        try {
            out.writeString(type);
            out.writeClassFieldLength(names.length);
            for (String name : names) {
                out.writeString(name);
            }
            out.flushBuffer();
        } catch (IOException e) {
            throw new IllegalStateException("a ByteArrayOutputStream does not throw", e);
        }
        return new EncodedClassDefinition(type, names, bytes.size() <= MAX_COPIED ? bytes.toByteArray() : null);
    }

    /** The definition's type name, the key of the stream's class-definition map. */
    public String type() {
        return type;
    }

    /**
     * The bytes that follow the definition's {@code 'C'}, or {@code null} for a definition too long to copy in one
     * piece. The array is this object's own: read it, never write it.
     */
    public byte[] encoded() {
        return encoded;
    }

    /**
     * Begins an instance of this definition on {@code out}, as hessian-lite's bean serializers do: the definition
     * first where {@code out} has not written it in this message, then the instance's reference to it.
     */
    public void writeInstanceBegin(Hessian2Output out) throws IOException {
        if (out instanceof HessianTimeOutput && ((HessianTimeOutput) out).writeInstanceBegin(this)) {
            return;
        }
        if (out.writeObjectBegin(type) == -1) {
            out.writeClassFieldLength(fieldNames.length);
            for (String name : fieldNames) {
                out.writeString(name);
            }
            out.writeObjectBegin(type);
        }
    }
}
