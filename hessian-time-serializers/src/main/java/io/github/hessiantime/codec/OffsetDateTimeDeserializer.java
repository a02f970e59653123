package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;

import java.io.IOException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

public final class OffsetDateTimeDeserializer extends TimeDeserializer<OffsetDateTime> {
    public OffsetDateTimeDeserializer() {
        this(Source.COMPACT);
    }

    public OffsetDateTimeDeserializer(Source source) {
        super(WireType.OFFSET_DATE_TIME, OffsetDateTime.class, source);
    }

    @Override
    protected OffsetDateTime decode(PayloadReader payload) throws TimeDecodingException {
        ZoneOffset offset = OffsetCodec.read(payload);
        return OffsetDateTime.of(LocalDateTimeDeserializer.fromEpoch(payload), offset);
    }

    @Override
    protected OffsetDateTime readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        LocalDateTime dateTime = null;
        ZoneOffset offset = null;
        for (String name : names) {
            if ("dateTime".equals(name)) {
                dateTime = readValue(in, name, LocalDateTime.class);
            } else if ("offset".equals(name)) {
                offset = readValue(in, name, ZoneOffset.class);
            } else {
                skip(in);
            }
        }
        if (dateTime == null) {
            throw missing("dateTime");
        }
        if (offset == null) {
            throw missing("offset");
        }
        return resolveReference(in, reference, OffsetDateTime.of(dateTime, offset));
    }
}
