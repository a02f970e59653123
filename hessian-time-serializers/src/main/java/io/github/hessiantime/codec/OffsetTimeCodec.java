package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.java8.OffsetTimeHandle;
import io.github.hessiantime.TimeDecodingException;

import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;

/**
 * OffsetTime: the offset ({@code OffsetPayload}), then the time of day ({@code TimeOfDayPayload}).
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class OffsetTimeCodec extends TimeCodec<OffsetTime> {
    public OffsetTimeCodec() {
        super(OffsetTime.class, HandleField.object("localTime", LocalTime.class),
                HandleField.object("zoneOffset", ZoneOffset.class));
    }

    @Override
    public int encode(OffsetTime value, byte[] buffer) {
        int position = OffsetPayload.write(buffer, 0, value.getOffset());
        return TimeOfDayPayload.write(buffer, position, value.toLocalTime());
    }

    @Override
    public OffsetTime decode(PayloadReader payload) throws TimeDecodingException {
        ZoneOffset offset = OffsetPayload.read(payload);
        return OffsetTime.of(TimeOfDayPayload.read(payload), offset);
    }

    @Override
    public Object toHandle(OffsetTime value) {
        return new OffsetTimeHandle(value);
    }

    @Override
    public OffsetTime fromHandle(HandleValues fields) {
        return OffsetTime.of(fields.get(0, LocalTime.class), fields.get(1, ZoneOffset.class));
    }
}
