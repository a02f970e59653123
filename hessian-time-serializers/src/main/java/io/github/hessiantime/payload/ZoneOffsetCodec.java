package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;

import java.time.ZoneOffset;

/** ZoneOffset: see {@code OffsetPayload}; one byte for any whole quarter hour. */
public final class ZoneOffsetCodec extends PayloadCodec<ZoneOffset> {
    public ZoneOffsetCodec() {
        super(ZoneOffset.class, OffsetPayload.MAX_LENGTH);
    }

    @Override
    public int encode(ZoneOffset value, byte[] buffer) {
        return OffsetPayload.write(buffer, 0, value);
    }

    @Override
    public ZoneOffset decode(PayloadReader payload) throws TimeDecodingException {
        return OffsetPayload.read(payload);
    }
}
