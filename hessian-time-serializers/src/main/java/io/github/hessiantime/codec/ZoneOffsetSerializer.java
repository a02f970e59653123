package io.github.hessiantime.codec;

import java.time.ZoneOffset;

/** ZoneOffset: see {@link OffsetCodec}. */
public final class ZoneOffsetSerializer extends CompactSerializer<ZoneOffset> {
    public ZoneOffsetSerializer() {
        super(WireType.ZONE_OFFSET, ZoneOffset.class, new com.alibaba.com.caucho.hessian.io.java8.ZoneOffsetSerializer<ZoneOffset>());
    }

    @Override
    protected int encode(ZoneOffset value, byte[] buffer) {
        return OffsetCodec.write(buffer, 0, value);
    }
}
