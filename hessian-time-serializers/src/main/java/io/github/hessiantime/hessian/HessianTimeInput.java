package io.github.hessiantime.hessian;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;

import java.io.InputStream;

/**
 * The {@code Hessian2Input} of {@code hessian2-time} ({@code deser.FastStringHessian2Input}), as the deserializers
 * see it: it hands out the eight bytes of a date or long straight from its buffer. Any other {@code Hessian2Input}
 * gets hessian-lite's {@code read()}, a byte at a time.
 *
 * <p>Why: every java.time and Date value of a page is a date's eight bytes, and reading them a byte at a time, each
 * {@code read()} checking the buffer's end and storing its position, was about half of what reading a LocalDateTime
 * cost (docs/benchmarks.md). A superclass, not an interface, for the reason {@link HessianTimeOutput} gives.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public abstract class HessianTimeInput extends Hessian2Input {
    protected HessianTimeInput(InputStream in) {
        super(in);
    }

    /** How many bytes the stream's buffer holds that have not been read yet (more may follow in the stream). */
    public abstract int bufferedBytes();

    /**
     * The next eight bytes, big-endian, as hessian-lite reads a long or a date after its tag; only where
     * {@link #bufferedBytes()} is 8 or more.
     */
    public abstract long readBufferedLong();
}
