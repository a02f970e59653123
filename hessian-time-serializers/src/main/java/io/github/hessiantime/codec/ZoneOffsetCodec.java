package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.java8.ZoneOffsetHandle;
import io.github.hessiantime.TimeDecodingException;

import java.time.ZoneOffset;

/**
 * ZoneOffset: see {@code OffsetPayload}; one byte for any whole quarter hour.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class ZoneOffsetCodec extends TimeCodec<ZoneOffset> {
    private static final int MAX_SECONDS = 18 * 3600;

    public ZoneOffsetCodec() {
        super(ZoneOffset.class, HandleField.integer("seconds", -MAX_SECONDS, MAX_SECONDS));
    }

    @Override
    public int encode(ZoneOffset value, byte[] buffer) {
        return OffsetPayload.write(buffer, 0, value);
    }

    @Override
    public ZoneOffset decode(PayloadReader payload) throws TimeDecodingException {
        return OffsetPayload.read(payload);
    }

    @Override
    public Object toHandle(ZoneOffset value) {
        return new ZoneOffsetHandle(value);
    }

    @Override
    public ZoneOffset fromHandle(HandleValues fields) {
        return ZoneOffset.ofTotalSeconds(fields.getInt(0));
    }
}
