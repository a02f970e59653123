package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * The inline field forms of the four java.time types that a bean field of {@code hessian2-time} carries without
 * object framing (docs/wire-format.md, "Inline fields"). Each value is one plain Hessian 2 value, the way hessian-lite
 * writes a {@code Date} field, and its Hessian type says the precision, so no byte is spent on a tag of ours:
 * <pre>
 * Instant          date = epoch millis | long = epoch nanos | binary = EpochPayload
 * LocalDateTime    long = packed fields (years 1900-2155) | binary = EpochPayload (counted at UTC)
 * LocalDate        long = epoch day
 * LocalTime        int = second of day | long = nano of day
 * every type       null
 * </pre>
 * A writer uses the first form that holds the value exactly; the binary form keeps every Instant and LocalDateTime
 * lossless (an Instant before 1677 or after 2262 with a sub-millisecond part, or with millis beyond a long; a
 * LocalDateTime before 1900 or after 2155).
 *
 * <p>A LocalDateTime is packed field by field, not counted from the epoch: years since 1900 (8 bits), month (4),
 * day (5), hour (5), minute (6), second (6), nano (30), high to low. Its own fields are read and handed back as they
 * are, so neither side pays the epoch-day arithmetic that a count needs (the largest part of a LocalDateTime's cost
 * in a page profile), every precision fits, and the long is as big as a Date's millis (9 bytes). The years outside
 * are rare (a 9999-12-31 sentinel, LocalDateTime.MIN/MAX) and take the binary form.
 *
 * <p>Reading decodes the bytes itself ({@link Hessian2Input#read()} exists on both hessian-lite lines; there is no
 * public way to look at a tag and hand the value back), so every form is checked here and anything else is a
 * {@link TimeDecodingException} naming the type.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public enum InlineValue {
    INSTANT("I", Instant.class) {
        @Override
        void writeValue(Hessian2Output out, Object value) throws IOException {
            Instant instant = (Instant) value;
            writeEpoch(out, instant.getEpochSecond(), instant.getNano());
        }

        @Override
        Object fromMillis(long millis) {
            return Instant.ofEpochMilli(millis);
        }

        @Override
        Object fromLong(long nanos) {
            return Instant.ofEpochSecond(Math.floorDiv(nanos, NANOS_PER_SECOND), Math.floorMod(nanos, NANOS_PER_SECOND));
        }

        @Override
        Object fromPayload(PayloadReader payload) throws TimeDecodingException {
            return WireType.INSTANT.codec().decode(payload);
        }
    },
    LOCAL_DATE_TIME("DT", LocalDateTime.class) {
        @Override
        void writeValue(Hessian2Output out, Object value) throws IOException {
            LocalDateTime dateTime = (LocalDateTime) value;
            int years = dateTime.getYear() - FIRST_PACKED_YEAR;
            if (years >= 0 && years <= 0xff) {
                out.writeLong(((long) years << 56) | ((long) dateTime.getMonthValue() << 52)
                        | ((long) dateTime.getDayOfMonth() << 47) | ((long) dateTime.getHour() << 42)
                        | ((long) dateTime.getMinute() << 36) | ((long) dateTime.getSecond() << 30)
                        | dateTime.getNano());
            } else {
                byte[] payload = new byte[EpochPayload.MAX_LENGTH];
                out.writeBytes(payload, 0, LocalDateTimeCodec.encodeLocal(dateTime, payload, 0));
            }
        }

        @Override
        Object fromLong(long packed) throws TimeDecodingException {
            try {
                return LocalDateTime.of(FIRST_PACKED_YEAR + (int) (packed >>> 56), (int) (packed >>> 52) & 0xf,
                        (int) (packed >>> 47) & 0x1f, (int) (packed >>> 42) & 0x1f, (int) (packed >>> 36) & 0x3f,
                        (int) (packed >>> 30) & 0x3f, (int) packed & 0x3fff_ffff);
            } catch (DateTimeException e) {
                throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "packed date-time 0x"
                        + Long.toHexString(packed) + ": " + e.getMessage(), e);
            }
        }

        @Override
        Object fromPayload(PayloadReader payload) throws TimeDecodingException {
            return WireType.LOCAL_DATE_TIME.codec().decode(payload);
        }
    },
    LOCAL_DATE("D", LocalDate.class) {
        @Override
        void writeValue(Hessian2Output out, Object value) throws IOException {
            out.writeLong(((LocalDate) value).toEpochDay());
        }

        @Override
        Object fromLong(long epochDay) throws TimeDecodingException {
            return LocalDateCodec.ofEpochDay(type, epochDay);
        }
    },
    LOCAL_TIME("T", LocalTime.class) {
        @Override
        void writeValue(Hessian2Output out, Object value) throws IOException {
            LocalTime time = (LocalTime) value;
            if (time.getNano() == 0) {
                out.writeInt(time.toSecondOfDay());
            } else {
                out.writeLong(time.toNanoOfDay());
            }
        }

        @Override
        Object fromInt(int secondOfDay) throws TimeDecodingException {
            if (secondOfDay < 0 || secondOfDay >= 86_400) {
                throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "second of day " + secondOfDay
                        + " is not within one day");
            }
            return LocalTime.ofSecondOfDay(secondOfDay);
        }

        @Override
        Object fromLong(long nanoOfDay) throws TimeDecodingException {
            return LocalTimeCodec.ofNanoOfDay(type, nanoOfDay);
        }
    };

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    // The packed LocalDateTime keeps its year in 8 bits, counted from 1900.
    private static final int FIRST_PACKED_YEAR = 1900;
    // Largest |seconds| whose millisecond count fits a long.
    private static final long MAX_SECONDS_FOR_MILLIS = (Long.MAX_VALUE - 999) / 1000;

    private final String code;
    final Class<?> type;

    InlineValue(String code, Class<?> type) {
        this.code = code;
        this.type = type;
    }

    /** The prefix of the field name in the class definition: {@code "I:"} for an Instant field, and so on. */
    public String code() {
        return code;
    }

    /** The java.time type; a field is written inline only when it is declared exactly this type. */
    public Class<?> type() {
        return type;
    }

    /** The form for a field declared {@code declared}, or {@code null} when it is not one of the four types. */
    public static InlineValue forDeclaredType(Class<?> declared) {
        for (InlineValue form : values()) {
            if (form.type == declared) {
                return form;
            }
        }
        return null;
    }

    /** The form whose {@link #code()} is {@code code}, or {@code null}. */
    public static InlineValue forCode(String code) {
        for (InlineValue form : values()) {
            if (form.code.equals(code)) {
                return form;
            }
        }
        return null;
    }

    /** Writes {@code value} (of {@link #type()}, or {@code null}) as one Hessian 2 value. */
    public final void write(Hessian2Output out, Object value) throws IOException {
        if (value == null) {
            out.writeNull();
        } else {
            writeValue(out, value);
        }
    }

    abstract void writeValue(Hessian2Output out, Object value) throws IOException;

    /** Reads one value written by {@link #write}: a value of {@link #type()}, or {@code null}. */
    public final Object read(Hessian2Input in) throws IOException {
        int tag = in.read();
        if (tag == 'N') {
            return null;
        }
        if (tag == 0x4a) {                                 // date: 8-byte millis
            return fromMillis(next(in, 8));
        }
        if (tag == 0x4b) {                                 // date: 4-byte signed minutes
            return fromMillis((long) (int) next(in, 4) * 60_000L);
        }
        if (tag >= 0xd8 && tag <= 0xef) {                  // long, one byte
            return fromLong(tag - 0xe0);
        }
        if (tag >= 0xf0) {                                 // long, two bytes
            return fromLong(((tag - 0xf8) << 8) + next(in, 1));
        }
        if (tag >= 0x38 && tag <= 0x3f) {                  // long, three bytes
            return fromLong(((long) (tag - 0x3c) << 16) + next(in, 2));
        }
        if (tag == 0x59) {                                 // long as 32 bits
            return fromLong((int) next(in, 4));
        }
        if (tag == 'L') {
            return fromLong(next(in, 8));
        }
        if (tag >= 0x80 && tag <= 0xbf) {                  // int, one byte
            return fromInt(tag - 0x90);
        }
        if (tag >= 0xc0 && tag <= 0xcf) {                  // int, two bytes
            return fromInt(((tag - 0xc8) << 8) + (int) next(in, 1));
        }
        if (tag >= 0xd0 && tag <= 0xd7) {                  // int, three bytes
            return fromInt(((tag - 0xd4) << 16) + (int) next(in, 2));
        }
        if (tag == 'I') {
            return fromInt((int) next(in, 4));
        }
        if ((tag >= 0x20 && tag <= 0x2f) || (tag >= 0x34 && tag <= 0x37) || tag == 'A' || tag == 'B') {
            PayloadReader payload = BinaryPayload.open(in, tag, type, EpochPayload.MAX_LENGTH);
            Object value = fromPayload(payload);
            payload.expectEnd();
            return value;
        }
        throw new TimeDecodingException(type, tag < 0 ? Problem.TRUNCATED : Problem.WRONG_TYPE,
                "an inline " + type.getSimpleName() + " field holds " + HessianTags.describe(tag));
    }

    Object fromMillis(long millis) throws TimeDecodingException {
        throw notThisForm("a date");
    }

    Object fromLong(long value) throws TimeDecodingException {
        throw notThisForm("a long");
    }

    Object fromInt(int value) throws TimeDecodingException {
        throw notThisForm("an int");
    }

    Object fromPayload(PayloadReader payload) throws TimeDecodingException {
        throw notThisForm("a binary");
    }

    private TimeDecodingException notThisForm(String found) {
        return new TimeDecodingException(type, Problem.WRONG_TYPE, "an inline " + type.getSimpleName()
                + " field holds " + found + ", which is not one of its forms");
    }

    /** Millis, else nanos, else the binary payload: the first that holds the value exactly. */
    private static void writeEpoch(Hessian2Output out, long seconds, int nano) throws IOException {
        if (nano % 1_000_000 == 0 && Math.abs(seconds) <= MAX_SECONDS_FOR_MILLIS) {
            out.writeUTCDate(seconds * 1000 + nano / 1_000_000);
        } else if (EpochPayload.fitsLongNanos(seconds, nano)) {
            out.writeLong(seconds * NANOS_PER_SECOND + nano);
        } else {
            byte[] payload = new byte[EpochPayload.MAX_LENGTH];
            out.writeBytes(payload, 0, EpochPayload.write(payload, 0, seconds, nano));
        }
    }

    /** The next {@code n} bytes, big-endian; a stream that ends first is a {@link Problem#TRUNCATED} value. */
    private long next(Hessian2Input in, int n) throws TimeDecodingException, IOException {
        long value = 0;
        int endOfStream = 0;
        for (int i = 0; i < n; i++) {
            int b = in.read();
            endOfStream |= b;
            value = (value << 8) | (b & 0xff);
        }
        if (endOfStream < 0) {
            throw new TimeDecodingException(type, Problem.TRUNCATED, "the stream ends inside an inline "
                    + type.getSimpleName());
        }
        return value;
    }
}
