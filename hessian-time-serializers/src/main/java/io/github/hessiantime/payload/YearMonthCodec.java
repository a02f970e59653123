package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.time.Year;
import java.time.YearMonth;

/** YearMonth: months since 1970-01 in as few bytes as hold them (2 bytes for 1685 to 2240). */
public final class YearMonthCodec extends PayloadCodec<YearMonth> {
    public YearMonthCodec() {
        super(YearMonth.class, 5);
    }

    @Override
    public int encode(YearMonth value, byte[] buffer) {
        return PayloadWriter.putMinimalSigned(buffer, 0, (value.getYear() - 1970L) * 12 + value.getMonthValue() - 1);
    }

    @Override
    public YearMonth decode(PayloadReader payload) throws TimeDecodingException {
        int length = payload.length();
        if (length < 1 || length > 5) {
            throw payload.badLength("a month count takes 1 to 5 bytes");
        }
        long monthsSince1970 = payload.signed(length);
        long year = Math.floorDiv(monthsSince1970, 12L) + 1970;
        if (year < Year.MIN_VALUE || year > Year.MAX_VALUE) {
            throw payload.error(Problem.OUT_OF_RANGE, monthsSince1970 + " months since 1970-01 is in year " + year
                    + ", outside " + Year.MIN_VALUE + ".." + Year.MAX_VALUE);
        }
        return YearMonth.of((int) year, (int) Math.floorMod(monthsSince1970, 12L) + 1);
    }
}
