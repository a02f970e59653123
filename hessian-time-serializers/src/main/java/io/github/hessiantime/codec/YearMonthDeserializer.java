package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Year;
import java.time.YearMonth;

public final class YearMonthDeserializer extends TimeDeserializer<YearMonth> {
    public YearMonthDeserializer() {
        this(Source.COMPACT);
    }

    public YearMonthDeserializer(Source source) {
        super(WireType.YEAR_MONTH, YearMonth.class, source);
    }

    @Override
    protected YearMonth decode(PayloadReader payload) throws TimeDecodingException {
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

    @Override
    protected YearMonth readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        int year = 0;
        int month = 0;
        int seen = 0;
        for (String name : names) {
            if ("year".equals(name)) {
                year = readInt(in, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
                seen |= 1;
            } else if ("month".equals(name)) {
                month = readInt(in, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
                seen |= 2;
            } else {
                skip(in);
            }
        }
        requireFields(seen, 3, "year", "month");
        try {
            return resolveReference(in, reference, YearMonth.of(year, month));
        } catch (DateTimeException e) {
            throw outOfRange(year + "-" + month, e);
        }
    }
}
