package io.github.hessiantime.codec;

import java.time.ZoneId;

/** A region ZoneId (ZoneOffset has its own serializer): the id's ASCII bytes. */
public final class ZoneIdSerializer extends CompactSerializer<ZoneId> {
    public ZoneIdSerializer() {
        super(WireType.ZONE_ID, ZoneId.class, com.alibaba.com.caucho.hessian.io.java8.ZoneIdSerializer.getInstance());
    }

    @Override
    protected int encode(ZoneId value, byte[] buffer) {
        byte[] id = ZoneIds.encode(value);
        System.arraycopy(id, 0, buffer, 0, id.length);
        return id.length;
    }
}
