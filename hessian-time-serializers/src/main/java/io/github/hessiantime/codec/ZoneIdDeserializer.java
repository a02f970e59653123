package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.ZoneId;

public final class ZoneIdDeserializer extends TimeDeserializer<ZoneId> {
    public ZoneIdDeserializer() {
        this(Source.COMPACT);
    }

    public ZoneIdDeserializer(Source source) {
        super(WireType.ZONE_ID, ZoneId.class, source);
    }

    @Override
    protected ZoneId decode(PayloadReader payload) throws TimeDecodingException {
        return ZoneIds.decodeRegion(payload, type, payload.length());
    }

    /** A zone id from hessian-lite's handle format, which may name a region or an offset. */
    static ZoneId parse(Class<?> type, String id) throws TimeDecodingException {
        if (id.length() > ZoneIds.MAX_LENGTH) {
            throw new TimeDecodingException(type, Problem.INVALID_ZONE, "zone id of " + id.length()
                    + " characters is longer than " + ZoneIds.MAX_LENGTH);
        }
        try {
            return ZoneId.of(id);
        } catch (DateTimeException e) {
            throw new TimeDecodingException(type, Problem.INVALID_ZONE, "'" + id + "': " + e.getMessage(), e);
        }
    }

    @Override
    protected ZoneId readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        String id = null;
        for (String name : names) {
            if ("zoneId".equals(name)) {
                id = readValue(in, name, String.class);
            } else {
                skip(in);
            }
        }
        if (id == null) {
            throw missing("zoneId");
        }
        return resolveReference(in, reference, parse(type, id));
    }
}
