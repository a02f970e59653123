package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.Instant;

public final class InstantDeserializer extends TimeDeserializer<Instant> {
    private static final long MIN_SECOND = Instant.MIN.getEpochSecond();
    private static final long MAX_SECOND = Instant.MAX.getEpochSecond();

    /** For the compact wire type; the form hessian-lite's {@code META-INF/dubbo/hessian/deserializers} needs. */
    public InstantDeserializer() {
        this(Source.COMPACT);
    }

    public InstantDeserializer(Source source) {
        super(WireType.INSTANT, Instant.class, source);
    }

    @Override
    protected Instant decode(PayloadReader payload) throws TimeDecodingException {
        return EpochCodec.read(payload, this::instant);
    }

    @Override
    protected Instant readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        long seconds = 0;
        int nanos = 0;
        boolean hasSeconds = false;
        boolean hasNanos = false;
        for (String name : names) {
            if ("seconds".equals(name)) {
                seconds = readLong(in, name);
                hasSeconds = true;
            } else if ("nanos".equals(name)) {
                nanos = readInt(in, name, 0, 999_999_999);
                hasNanos = true;
            } else {
                skip(in);
            }
        }
        if (!hasSeconds) {
            throw missing("seconds");
        }
        if (!hasNanos) {
            throw missing("nanos");
        }
        return resolveReference(in, reference, instant(seconds, nanos));
    }

    private Instant instant(long epochSecond, int nano) throws TimeDecodingException {
        if (epochSecond < MIN_SECOND || epochSecond > MAX_SECOND) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "epoch second " + epochSecond
                    + " is outside Instant.MIN..Instant.MAX");
        }
        return Instant.ofEpochSecond(epochSecond, nano);
    }
}
