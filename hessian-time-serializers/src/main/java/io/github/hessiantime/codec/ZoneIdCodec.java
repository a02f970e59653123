package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.java8.ZoneIdHandle;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.time.DateTimeException;
import java.time.ZoneId;

/**
 * A region ZoneId (ZoneOffset has its own codec): the id's ASCII bytes.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class ZoneIdCodec extends TimeCodec<ZoneId> {
    public ZoneIdCodec() {
        super(ZoneId.class, HandleField.object("zoneId", String.class));
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

    /** A zone id from hessian-lite's handle format, which may name a region or an offset. */
    static ZoneId parse(Class<?> type, String id) throws TimeDecodingException {
        if (id.length() > ZoneIds.MAX_LENGTH) {
            throw new TimeDecodingException(type, Problem.INVALID_ZONE, "zone id of " + id.length()
                    + " characters is longer than " + ZoneIds.MAX_LENGTH);
        }
        try {
            return ZoneId.of(id);
        } catch (DateTimeException e) {
            throw new TimeDecodingException(type, Problem.INVALID_ZONE, "'" + id + "': " + e.getMessage(), e);
        }
    }

    @Override
    public Object toHandle(ZoneId value) {
        return new ZoneIdHandle(value);
    }

    @Override
    public ZoneId fromHandle(HandleValues fields) throws TimeDecodingException {
        return parse(type, fields.get(0, String.class));
    }
}
