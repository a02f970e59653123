package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;

import java.io.IOException;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;

public final class OffsetTimeDeserializer extends TimeDeserializer<OffsetTime> {
    public OffsetTimeDeserializer() {
        this(Source.COMPACT);
    }

    public OffsetTimeDeserializer(Source source) {
        super(WireType.OFFSET_TIME, OffsetTime.class, source);
    }

    @Override
    protected OffsetTime decode(PayloadReader payload) throws TimeDecodingException {
        ZoneOffset offset = OffsetCodec.read(payload);
        return OffsetTime.of(LocalTimeCodec.read(payload), offset);
    }

    @Override
    protected OffsetTime readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        LocalTime time = null;
        ZoneOffset offset = null;
        for (String name : names) {
            if ("localTime".equals(name)) {
                time = readValue(in, name, LocalTime.class);
            } else if ("zoneOffset".equals(name)) {
                offset = readValue(in, name, ZoneOffset.class);
            } else {
                skip(in);
            }
        }
        if (time == null) {
            throw missing("localTime");
        }
        if (offset == null) {
            throw missing("zoneOffset");
        }
        return resolveReference(in, reference, OffsetTime.of(time, offset));
    }
}
