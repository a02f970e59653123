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
        long seconds = Varints.readZigZag(payload, "seconds", 64);
        long nanos = 0;
        if (payload.remaining() > 0) {
            nanos = Varints.readUnsigned(payload, "nanos", 32);
            if (nanos >= 1_000_000_000L) {
                throw payload.error(Problem.OUT_OF_RANGE, "nano-of-second " + nanos + " is not below 10^9");
            }
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
