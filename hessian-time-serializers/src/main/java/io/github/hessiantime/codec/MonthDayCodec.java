package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.java8.MonthDayHandle;
import io.github.hessiantime.TimeDecodingException;

import java.time.DateTimeException;
import java.time.MonthDay;

/**
 * MonthDay: one byte of month, one of day (366 possible days do not fit a single byte).
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class MonthDayCodec extends TimeCodec<MonthDay> {
    public MonthDayCodec() {
        super(MonthDay.class, HandleField.anyInt("month"), HandleField.anyInt("day"));
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
        return of(payload.u8(), payload.u8());
    }

    private MonthDay of(int month, int day) throws TimeDecodingException {
        try {
            return MonthDay.of(month, day);
        } catch (DateTimeException e) {
            throw outOfRange("--" + month + "-" + day, e);
        }
    }

    @Override
    public Object toHandle(MonthDay value) {
        return new MonthDayHandle(value);
    }

    @Override
    public MonthDay fromHandle(HandleValues fields) throws TimeDecodingException {
        return of(fields.getInt(0), fields.getInt(1));
    }
}
