package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.Duration;

public final class DurationDeserializer extends TimeDeserializer<Duration> {
    public DurationDeserializer() {
        this(Source.COMPACT);
    }

    public DurationDeserializer(Source source) {
        super(WireType.DURATION, Duration.class, source);
    }

    @Override
    protected Duration decode(PayloadReader payload) throws TimeDecodingException {
        int length = payload.length();
        if (length >= 1 && length <= 8) {
            return Duration.ofNanos(payload.signed(length));
        }
        if (length != 12) {
            throw payload.badLength("a duration takes 1 to 8 bytes of nanoseconds, or 12 of seconds and nanos");
        }
        long seconds = payload.signed(8);
        long nanos = payload.unsigned(4);
        if (nanos >= 1_000_000_000L) {
            throw payload.error(Problem.OUT_OF_RANGE, "nano-of-second " + nanos + " is not below 10^9");
        }
        return Duration.ofSeconds(seconds, nanos);
    }

    @Override
    protected Duration readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        long seconds = 0;
        int nanos = 0;
        int seen = 0;
        for (String name : names) {
            if ("seconds".equals(name)) {
                seconds = readLong(in, name);
                seen |= 1;
            } else if ("nanos".equals(name)) {
                nanos = readInt(in, name, 0, 999_999_999);
                seen |= 2;
            } else {
                skip(in);
            }
        }
        requireFields(seen, 3, "seconds", "nanos");
        return resolveReference(in, reference, Duration.ofSeconds(seconds, nanos));
    }
}
