package io.github.hessiantime.codec;

import java.time.OffsetTime;

/** OffsetTime: the offset ({@link OffsetCodec}), then the time of day ({@link LocalTimeCodec}). */
public final class OffsetTimeSerializer extends CompactSerializer<OffsetTime> {
    public OffsetTimeSerializer() {
        super(WireType.OFFSET_TIME, OffsetTime.class, new com.alibaba.com.caucho.hessian.io.java8.OffsetTimeSerializer<OffsetTime>());
    }

    @Override
    protected int encode(OffsetTime value, byte[] buffer) {
        int position = OffsetCodec.write(buffer, 0, value.getOffset());
        return LocalTimeCodec.write(buffer, position, value.toLocalTime());
    }
}
