package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;

import java.time.DateTimeException;
import java.time.MonthDay;

/** MonthDay: one byte of month, one of day (366 possible days do not fit a single byte). */
public final class MonthDayCodec extends PayloadCodec<MonthDay> {
    public MonthDayCodec() {
        super(MonthDay.class, 2);
    }

    @Override
    public int encode(MonthDay value, byte[] buffer) {
        buffer[0] = (byte) value.getMonthValue();
        buffer[1] = (byte) value.getDayOfMonth();
        return 2;
    }

    @Override
    public MonthDay decode(PayloadReader payload) throws TimeDecodingException {
        if (payload.length() != 2) {
            throw payload.badLength("a month-day takes 2 bytes");
        }
        int month = payload.u8();
        int day = payload.u8();
        try {
            return MonthDay.of(month, day);
        } catch (DateTimeException e) {
            throw outOfRange("--" + month + "-" + day, e);
        }
    }
}
