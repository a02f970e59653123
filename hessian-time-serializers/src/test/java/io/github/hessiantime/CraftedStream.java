package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A hand-made Hessian 2 stream for hostile-input tests: class definitions, instances and values written with
 * hessian-lite's own output where it can say them, raw bytes where only an attacker would (a back reference in a
 * field, an absurd count).
 */
public final class CraftedStream {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final Hessian2Output out = new Hessian2Output(bytes);

    /** A class definition of {@code type} with {@code fields}, and the start of one instance of it. */
    public CraftedStream object(String type, String... fields) {
        return write(out -> {
            if (out.writeObjectBegin(type) == -1) {
                out.writeClassFieldLength(fields.length);
                for (String field : fields) {
                    out.writeString(field);
                }
                out.writeObjectBegin(type);
            }
        });
    }

    /** A back reference to the {@code index}-th object of the stream (0: the first bean, map, list or array). */
    public CraftedStream ref(int index) {
        return raw('Q').value(index);
    }

    public CraftedStream string(String value) {
        return write(out -> out.writeString(value));
    }

    /** One value as hessian-lite writes it (an int, a map, a list, a bean...). */
    public CraftedStream value(Object value) {
        return write(out -> out.writeObject(value));
    }

    /** The start of a fixed-length typed list: {@code 'V' type length}, the type as hessian-lite names arrays. */
    public CraftedStream list(String type, int length) {
        raw('V');
        string(type);
        return value(length);
    }

    /** The sentinel byte an inline instance starts with. */
    public CraftedStream sentinel() {
        return raw(0x40);
    }

    public CraftedStream raw(int... rawBytes) {
        write(Hessian2Output::flushBuffer);
        for (int b : rawBytes) {
            bytes.write(b);
        }
        return this;
    }

    public byte[] bytes() {
        write(Hessian2Output::flushBuffer);
        return bytes.toByteArray();
    }

    private interface Step {
        void write(Hessian2Output out) throws IOException;
    }

    /** One step with hessian-lite's output, whose IOExceptions (none, into memory) become unchecked. */
    private CraftedStream write(Step step) {
        try {
            step.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }
}
