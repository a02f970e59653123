package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;

import java.io.IOException;
import java.time.ZoneOffset;

public final class ZoneOffsetDeserializer extends TimeDeserializer<ZoneOffset> {
    private static final int MAX_SECONDS = 18 * 3600;

    public ZoneOffsetDeserializer() {
        this(Source.COMPACT);
    }

    public ZoneOffsetDeserializer(Source source) {
        super(WireType.ZONE_OFFSET, ZoneOffset.class, source);
    }

    @Override
    protected ZoneOffset decode(PayloadReader payload) throws TimeDecodingException {
        return OffsetCodec.read(payload);
    }

    @Override
    protected ZoneOffset readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        Integer seconds = null;
        for (String name : names) {
            if ("seconds".equals(name)) {
                seconds = readInt(in, name, -MAX_SECONDS, MAX_SECONDS);
            } else {
                skip(in);
            }
        }
        if (seconds == null) {
            throw missing("seconds");
        }
        return resolveReference(in, reference, ZoneOffset.ofTotalSeconds(seconds));
    }
}
