package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;

import java.time.Year;

/** Year: years since 1970 in as few bytes as hold them, like the epoch-based types (1 byte for 1842 to 2097). */
public final class YearCodec extends PayloadCodec<Year> {
    public YearCodec() {
        super(Year.class, 4);
    }

    @Override
    public int encode(Year value, byte[] buffer) {
        return PayloadWriter.putMinimalSigned(buffer, 0, value.getValue() - 1970L);
    }

    @Override
    public Year decode(PayloadReader payload) throws TimeDecodingException {
        int length = payload.length();
        if (length < 1 || length > 4) {
            throw payload.badLength("a year takes 1 to 4 bytes");
        }
        long value = payload.signed(length) + 1970;
        if (value < Year.MIN_VALUE || value > Year.MAX_VALUE) {
            throw outOfRange("year " + value + " is outside " + Year.MIN_VALUE + ".." + Year.MAX_VALUE);
        }
        return Year.of((int) value);
    }
}
