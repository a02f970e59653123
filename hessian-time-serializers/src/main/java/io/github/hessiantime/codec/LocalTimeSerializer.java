package io.github.hessiantime.codec;

import java.time.LocalTime;

/** LocalTime: see {@link LocalTimeCodec}. */
public final class LocalTimeSerializer extends CompactSerializer<LocalTime> {
    public LocalTimeSerializer() {
        super(WireType.LOCAL_TIME, LocalTime.class, new com.alibaba.com.caucho.hessian.io.java8.LocalTimeSerializer<LocalTime>());
    }

    @Override
    protected int encode(LocalTime value, byte[] buffer) {
        return LocalTimeCodec.write(buffer, 0, value);
    }
}
