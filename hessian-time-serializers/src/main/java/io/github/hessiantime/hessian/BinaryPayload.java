package io.github.hessiantime.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.AbstractHessianOutput;
import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.payload.PayloadCodec;
import io.github.hessiantime.payload.PayloadReader;

import java.io.IOException;

/**
 * The Hessian 2 binary value that holds a compact payload: the framing of every type's payload, written by
 * {@link #write} and opened by {@link #open}.
 *
 * <p>hessian-lite's own {@code readBytes} allocates whatever length the stream announces, and turns end-of-stream
 * into 0xFF bytes. Here a length above the type's maximum is rejected before anything is read, a truncated payload
 * is reported as such, and the common single-chunk binary is decoded straight from the input, without a copy.
 */
public final class BinaryPayload {
    private BinaryPayload() {
    }

    /** Reads the binary's header and returns a reader over its payload of at most {@code maxLength} bytes. */
    public static PayloadReader open(AbstractHessianInput in, Class<?> type, int maxLength) throws IOException {
        if (!(in instanceof Hessian2Input)) {
            throw new TimeDecodingException(type, Problem.UNSUPPORTED_INPUT,
                    "the compact format is only defined for Hessian 2 streams, not " + in.getClass().getName());
        }
        Hessian2Input h = (Hessian2Input) in;
        return open(h, h.read(), type, maxLength);
    }

    /** {@link #open(AbstractHessianInput, Class, int)} where the binary's first tag was already read. */
    public static PayloadReader open(Hessian2Input h, int tag, Class<?> type, int maxLength) throws IOException {
        if (tag < 0) {
            throw new TimeDecodingException(type, Problem.TRUNCATED, "the stream ends where the payload should start");
        }
        if (tag == 'A') {
            // A chunked binary (hessian-lite splits one at the end of its output buffer): gather it first.
            byte[] buffer = new byte[maxLength];
            return PayloadReader.of(type, buffer, readChunks(h, type, tag, buffer));
        }
        int length = chunkLength(h, type, tag);
        checkLength(type, length, true, maxLength);
        return new InStream(type, h, length);
    }

    /**
     * Writes {@code value}'s compact payload as one Hessian binary, encoded in the stream's scratch buffer where it
     * has one ({@link HessianTimeOutput}: hessian2-time's stream) and else in a buffer of the type's maximum length.
     */
    @SuppressWarnings("unchecked")
    public static <T> void write(AbstractHessianOutput out, PayloadCodec<T> codec, Object value) throws IOException {
        byte[] buffer = out instanceof HessianTimeOutput ? ((HessianTimeOutput) out).payloadScratch()
                : new byte[codec.maxLength()];
        out.writeBytes(buffer, 0, codec.encode((T) value, buffer));
    }

    /** Reads a chunked binary whose first tag ({@code 'A'}) was already read; returns the payload length. */
    private static int readChunks(Hessian2Input h, Class<?> type, int firstTag, byte[] buffer) throws IOException {
        int length = 0;
        int tag = firstTag;
        while (true) {
            if (tag < 0) {
                throw new TimeDecodingException(type, Problem.TRUNCATED,
                        "the stream ends after " + length + " payload bytes, inside a chunked binary");
            }
            int chunk = chunkLength(h, type, tag);
            boolean last = tag != 'A';
            checkLength(type, length + chunk, last, buffer.length);
            for (int i = 0; i < chunk; i++) {
                buffer[length++] = (byte) next(h, type);
            }
            if (last) {
                return length;
            }
            tag = h.read();
        }
    }

    /**
     * The length that a binary chunk's tag announces: 0x20-0x2f hold it, 0x34-0x37 and one byte, 'A' (a chunk that
     * more follow) and 'B' (the last chunk) two bytes. Anything else is not a binary.
     */
    private static int chunkLength(Hessian2Input h, Class<?> type, int tag) throws IOException {
        if (tag >= 0x20 && tag <= 0x2f) {
            return tag - 0x20;
        }
        if (tag >= 0x34 && tag <= 0x37) {
            return ((tag - 0x34) << 8) | next(h, type);
        }
        if (tag == 'A' || tag == 'B') {
            return (next(h, type) << 8) | next(h, type);
        }
        throw wrongType(type, tag);
    }

    private static void checkLength(Class<?> type, int length, boolean last, int maxLength)
            throws TimeDecodingException {
        if (length > maxLength) {
            throw new TimeDecodingException(type, Problem.BAD_LENGTH, "a payload of " + length
                    + (last ? "" : " or more") + " bytes exceeds the maximum of " + maxLength);
        }
    }

    private static TimeDecodingException wrongType(Class<?> type, int tag) {
        return new TimeDecodingException(type, Problem.WRONG_TYPE,
                "expected a binary payload, found " + HessianTags.describe(tag));
    }

    /**
     * The next {@code n} bytes (1 to 8) of {@code in}, big-endian, for the compact payload and the inline values.
     * hessian-lite's reads give -1 at the end of the stream instead of failing, so a stream that ends inside them is
     * TRUNCATED here, naming {@code type} and {@code what} it ended inside.
     */
    static long bigEndian(Hessian2Input in, int n, Class<?> type, String what) throws IOException {
        long value = 0;
        int endOfStream = 0;
        for (int i = 0; i < n; i++) {
            int b = in.read();
            endOfStream |= b;    // negative once any read hit the end of the stream
            value = (value << 8) | (b & 0xff);
        }
        if (endOfStream < 0) {
            throw new TimeDecodingException(type, Problem.TRUNCATED, "the stream ends inside " + what);
        }
        return value;
    }

    private static int next(Hessian2Input in, Class<?> type) throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new TimeDecodingException(type, Problem.TRUNCATED, "the stream ends inside the payload");
        }
        return b;
    }

    /** A single-chunk payload read straight from the input: a stream that ends or fails inside it is TRUNCATED. */
    private static final class InStream extends PayloadReader {
        private final Hessian2Input input;

        InStream(Class<?> type, Hessian2Input input, int length) {
            super(type, length);
            this.input = input;
        }

        @Override
        protected long next(int offset, int n) throws TimeDecodingException {
            try {
                return bigEndian(input, n, type(), "the payload");
            } catch (TimeDecodingException e) {
                throw e;
            } catch (IOException e) {
                throw new TimeDecodingException(type(), Problem.TRUNCATED, "the input failed inside the payload", e);
            }
        }
    }
}
