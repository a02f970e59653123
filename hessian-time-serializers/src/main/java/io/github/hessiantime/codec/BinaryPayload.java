package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;

/**
 * Reads one Hessian 2 binary value into a caller's fixed-size buffer.
 *
 * <p>hessian-lite's own {@code readBytes} allocates whatever length the stream announces, and turns end-of-stream
 * into 0xFF bytes; this reader takes the bytes one at a time, so a payload longer than the buffer is rejected before
 * it is read and a truncated one is reported as such.
 */
public final class BinaryPayload {
    private BinaryPayload() {
    }

    /** @return the number of payload bytes now in {@code buffer} */
    public static int read(AbstractHessianInput in, Class<?> type, byte[] buffer) throws IOException {
        if (!(in instanceof Hessian2Input)) {
            throw new TimeDecodingException(type, Problem.UNSUPPORTED_INPUT,
                    "the compact format is only defined for Hessian 2 streams, not " + in.getClass().getName());
        }
        Hessian2Input h = (Hessian2Input) in;
        int length = 0;
        int tag = h.read();
        while (true) {
            int chunk;
            boolean last = true;
            if (tag >= 0x20 && tag <= 0x2f) {
                chunk = tag - 0x20;
            } else if (tag >= 0x34 && tag <= 0x37) {
                chunk = ((tag - 0x34) << 8) | next(h, type);
            } else if (tag == 'B' || tag == 'A') {
                chunk = (next(h, type) << 8) | next(h, type);
                last = tag == 'B';
            } else if (tag < 0) {
                throw new TimeDecodingException(type, Problem.TRUNCATED,
                        length == 0 ? "the stream ends where the payload should start"
                                : "the stream ends after " + length + " payload bytes, inside a chunked binary");
            } else {
                throw new TimeDecodingException(type, Problem.WRONG_TYPE,
                        "expected a binary payload, found " + HessianTags.describe(tag));
            }
            if (chunk > buffer.length - length) {
                throw new TimeDecodingException(type, Problem.BAD_LENGTH, "a payload of " + (length + chunk)
                        + (last ? "" : " or more") + " bytes exceeds the maximum of " + buffer.length);
            }
            for (int i = 0; i < chunk; i++) {
                buffer[length++] = (byte) next(h, type);
            }
            if (last) {
                return length;
            }
            tag = h.read();
        }
    }

    private static int next(Hessian2Input in, Class<?> type) throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new TimeDecodingException(type, Problem.TRUNCATED, "the stream ends inside the payload");
        }
        return b;
    }
}
