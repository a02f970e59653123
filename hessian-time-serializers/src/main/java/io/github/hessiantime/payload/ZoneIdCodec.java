package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;

import java.time.ZoneId;

/** A region ZoneId (ZoneOffset has its own codec): the id's ASCII bytes. */
public final class ZoneIdCodec extends PayloadCodec<ZoneId> {
    public ZoneIdCodec() {
        super(ZoneId.class, ZoneIds.MAX_LENGTH);
    }

    @Override
    public int encode(ZoneId value, byte[] buffer) {
        byte[] id = ZoneIds.encode(value);
        System.arraycopy(id, 0, buffer, 0, id.length);
        return id.length;
    }

    @Override
    public ZoneId decode(PayloadReader payload) throws TimeDecodingException {
        return ZoneIds.decodeRegion(payload, type, payload.length());
    }
}
