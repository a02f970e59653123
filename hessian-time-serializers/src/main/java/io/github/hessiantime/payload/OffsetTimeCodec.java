package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;

import java.time.OffsetTime;
import java.time.ZoneOffset;

/** OffsetTime: the offset ({@code OffsetPayload}), then the time of day ({@code TimeOfDayPayload}). */
public final class OffsetTimeCodec extends PayloadCodec<OffsetTime> {
    public OffsetTimeCodec() {
        super(OffsetTime.class, OffsetPayload.MAX_LENGTH + TimeOfDayPayload.MAX_LENGTH);
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
}
