package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

public final class ZonedDateTimeDeserializer extends TimeDeserializer<ZonedDateTime> {
    public ZonedDateTimeDeserializer() {
        this(Source.COMPACT);
    }

    public ZonedDateTimeDeserializer(Source source) {
        super(WireType.ZONED_DATE_TIME, ZonedDateTime.class, source);
    }

    @Override
    protected ZonedDateTime decode(PayloadReader payload) throws TimeDecodingException {
        ZoneOffset offset = OffsetCodec.read(payload);
        int zoneLength = payload.u8();
        ZoneId zone = zoneLength == 0 ? offset : ZoneIds.decodeRegion(payload, type, zoneLength);
        return zoned(LocalDateTimeDeserializer.fromEpoch(payload), offset, zone);
    }

    /**
     * Local date-time plus offset fix the instant, which is what {@code ofInstant} keeps: with the writer's zone
     * rules that gives back the exact value, in a DST overlap too; with other rules it is the same instant.
     */
    private ZonedDateTime zoned(LocalDateTime dateTime, ZoneOffset offset, ZoneId zone)
            throws TimeDecodingException {
        try {
            return ZonedDateTime.ofInstant(dateTime, offset, zone);
        } catch (DateTimeException e) {
            throw outOfRange(dateTime + offset.toString() + "[" + zone + "]", e);
        }
    }

    @Override
    protected ZonedDateTime readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        LocalDateTime dateTime = null;
        ZoneOffset offset = null;
        String zoneId = null;
        for (String name : names) {
            if ("dateTime".equals(name)) {
                dateTime = readValue(in, name, LocalDateTime.class);
            } else if ("offset".equals(name)) {
                offset = readValue(in, name, ZoneOffset.class);
            } else if ("zoneId".equals(name)) {
                zoneId = readValue(in, name, String.class);
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
        if (zoneId == null) {
            throw missing("zoneId");
        }
        return resolveReference(in, reference, zoned(dateTime, offset, ZoneIdDeserializer.parse(type, zoneId)));
    }
}
