package io.github.hessiantime.hessian;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.payload.EpochPayload;
import io.github.hessiantime.payload.LocalDateCodec;
import io.github.hessiantime.payload.LocalTimeCodec;
import io.github.hessiantime.payload.OffsetPayload;
import io.github.hessiantime.payload.PayloadReader;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The inline field forms of the java.time types that a bean field of {@code hessian2-time} carries without object
 * framing (docs/wire-format.md, "Inline fields"): every type but {@code ZoneId}, whose declared type does not say
 * which of its two classes a value has. Each value is {@code null} or one Hessian 2 value, the way hessian-lite
 * writes a {@code Date} field as one date value:
 * <pre>
 * Instant         date carrying epoch nanos (1677-09-21 to 2262-04-11)
 * LocalDateTime   date carrying packed fields: years since 1900 (8 bits), month (4), day (5), hour (5),
 *                 minute (6), second (6), nano (30), high to low (years 1900 to 2155)
 * LocalDate       long: epoch day
 * LocalTime       long: nano of day, or -1 - second of day for a whole second (3 bytes instead of 9)
 * OffsetDateTime  date carrying the local date-time packed as above, then a long: the offset in quarter hours
 * the others      binary: the type's compact payload, as inside its object form (no class-definition reference,
 *                 no serializer lookup per value)
 * </pre>
 * A Hessian date is a 64-bit value as big as a Date field's (9 bytes), tagged as no other type, which is why the
 * date-time types use it as their container.
 * Every precision fits the one form, so a reader needs no tag of ours, and the long is as big as a Date's millis
 * (9 bytes). Values outside the ranges (rare: before 1677 or after 2262, a 9999-12-31 sentinel, MIN and MAX, an
 * offset that is not whole quarter hours) are written as a reserved value, {@link Long#MIN_VALUE} for an Instant and
 * 0 for a LocalDateTime or an OffsetDateTime (never a packed value: its month would be 0), followed by the type's
 * compact payload as a Hessian binary.
 *
 * <p>A LocalDateTime is packed field by field rather than counted from the epoch: its own fields are read and handed
 * back as they are, so neither side pays the epoch-day arithmetic a count needs (the largest part of a
 * LocalDateTime's cost in a page profile).
 *
 * <p>Reading uses only hessian-lite's public reads on both lines ({@code read}), accepts
 * no other Hessian type, notices a stream that ends inside a value, and checks every value; anything else is a
 * {@link TimeDecodingException} naming the type.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public enum InlineValue {
    INSTANT("I", Instant.class),
    LOCAL_DATE_TIME("DT", LocalDateTime.class),
    LOCAL_DATE("D", LocalDate.class),
    LOCAL_TIME("T", LocalTime.class),
    OFFSET_DATE_TIME("ODT", WireType.OFFSET_DATE_TIME),     // its own form, with the payload as its fallback
    // The other types: their compact payload (section 1's) as a Hessian binary, without the object around it.
    ZONED_DATE_TIME("ZDT", WireType.ZONED_DATE_TIME),
    OFFSET_TIME("OT", WireType.OFFSET_TIME),
    ZONE_OFFSET("ZO", WireType.ZONE_OFFSET),
    DURATION("DUR", WireType.DURATION),
    PERIOD("P", WireType.PERIOD),
    YEAR("Y", WireType.YEAR),
    YEAR_MONTH("YM", WireType.YEAR_MONTH),
    MONTH_DAY("MD", WireType.MONTH_DAY);

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    // The packed LocalDateTime keeps its year in 8 bits, counted from 1900.
    private static final int FIRST_PACKED_YEAR = 1900;
    // The Instant whose epoch nanos are Long.MIN_VALUE, the reserved long, takes the payload form.
    private static final long MIN_NANOS_SECOND = Math.floorDiv(Long.MIN_VALUE, NANOS_PER_SECOND);
    private static final int MIN_NANOS_NANO = (int) Math.floorMod(Long.MIN_VALUE, NANOS_PER_SECOND);

    private final String code;
    private final Class<?> type;
    // the payload forms' type, and the fallback payload of OffsetDateTime; null for the four forms above
    private final WireType payload;
    private final String inside;    // "an inline LocalDate": where a truncated stream ended, built once

    InlineValue(String code, Class<?> type) {
        this.code = code;
        this.type = type;
        this.payload = null;
        this.inside = "an inline " + type.getSimpleName();
    }

    InlineValue(String code, WireType payload) {
        this.code = code;
        this.type = payload.javaType();
        this.payload = payload;
        this.inside = "an inline " + type.getSimpleName();
    }

    /** The prefix of the field name in the class definition: {@code "I"} for an Instant field, and so on. */
    public String code() {
        return code;
    }

    /** The java.time type; a field is written inline only when it is declared exactly this type. */
    public Class<?> type() {
        return type;
    }

    /** The form for a field declared {@code declared}, or {@code null} when it is not a type with an inline form. */
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

    /** Every form's code, for messages: {@code "I, DT, D, T, ..."}. */
    public static String codes() {
        StringBuilder codes = new StringBuilder();
        for (InlineValue form : values()) {
            codes.append(codes.length() == 0 ? "" : ", ").append(form.code);
        }
        return codes.toString();
    }

    // One branch on the constant per value rather than a method per constant: a bean usually mixes types, and a
    // virtual call with several receivers would not be inlined. The four date forms are tested first. Identity
    // tests, not a switch, whose lookup table javac puts in an array the JIT cannot fold.

    /** Writes {@code value} (of {@link #type()}, or {@code null}). */
    public void write(Hessian2Output out, Object value) throws IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        if (this == INSTANT) {
            writeInstant(out, (Instant) value);
        } else if (this == LOCAL_DATE_TIME) {
            writeLocalDateTime(out, (LocalDateTime) value);
        } else if (this == LOCAL_DATE) {
            out.writeLong(((LocalDate) value).toEpochDay());
        } else if (this == LOCAL_TIME) {
            LocalTime time = (LocalTime) value;
            out.writeLong(time.getNano() == 0 ? -1 - time.toSecondOfDay() : time.toNanoOfDay());
        } else if (this == OFFSET_DATE_TIME) {
            writeOffsetDateTime(out, (OffsetDateTime) value);
        } else {
            BinaryPayload.write(out, payload.codec(), value);
        }
    }

    /** Reads one value written by {@link #write}: a value of {@link #type()}, or {@code null}. */
    public Object read(Hessian2Input in) throws IOException {
        // the tag is read once here rather than peeked at by checkAndReadNull, which reads, unreads and catches
        int tag = in.read();
        if (tag == 'N') {
            return null;
        }
        if (this == INSTANT) {
            return readInstant(in, tag);
        }
        if (this == LOCAL_DATE_TIME) {
            return readLocalDateTime(in, tag);
        }
        if (this == LOCAL_DATE) {
            return LocalDateCodec.ofEpochDay(type, readLong(in, tag));
        }
        if (this == LOCAL_TIME) {
            return readLocalTime(in, tag);
        }
        if (this == OFFSET_DATE_TIME) {
            return readOffsetDateTime(in, tag);
        }
        return decode(BinaryPayload.open(in, tag, type, payload.maxPayloadLength()), payload);
    }

    private static void writeInstant(Hessian2Output out, Instant instant) throws IOException {
        long seconds = instant.getEpochSecond();
        int nano = instant.getNano();
        if (EpochPayload.fitsLongNanos(seconds, nano) && !(seconds == MIN_NANOS_SECOND && nano == MIN_NANOS_NANO)) {
            out.writeUTCDate(seconds * NANOS_PER_SECOND + nano);
        } else {
            out.writeUTCDate(Long.MIN_VALUE);
            BinaryPayload.write(out, WireType.INSTANT.codec(), instant);
        }
    }

    private Object readInstant(Hessian2Input in, int tag) throws IOException {
        long nanos = readDate(in, tag);
        if (nanos == Long.MIN_VALUE) {
            return readPayload(in, WireType.INSTANT);
        }
        // the factory's own floor division of the nano adjustment is the only one: dividing first would add another
        return Instant.ofEpochSecond(0, nanos);
    }

    private static void writeLocalDateTime(Hessian2Output out, LocalDateTime dateTime) throws IOException {
        long packed = pack(dateTime);
        out.writeUTCDate(packed);
        if (packed == 0) {
            BinaryPayload.write(out, WireType.LOCAL_DATE_TIME.codec(), dateTime);
        }
    }

    /** The packed fields of {@code dateTime}, or 0 (never a packed value) outside the years 1900 to 2155. */
    private static long pack(LocalDateTime dateTime) {
        int years = dateTime.getYear() - FIRST_PACKED_YEAR;
        if (years < 0 || years > 0xff) {
            return 0;
        }
        return ((long) years << 56) | ((long) dateTime.getMonthValue() << 52)
                | ((long) dateTime.getDayOfMonth() << 47) | ((long) dateTime.getHour() << 42)
                | ((long) dateTime.getMinute() << 36) | ((long) dateTime.getSecond() << 30) | dateTime.getNano();
    }

    private Object readLocalDateTime(Hessian2Input in, int tag) throws IOException {
        long packed = readDate(in, tag);
        if (packed == 0) {
            return readPayload(in, WireType.LOCAL_DATE_TIME);
        }
        return unpack(packed);
    }

    private LocalDateTime unpack(long packed) throws TimeDecodingException {
        try {
            return LocalDateTime.of(FIRST_PACKED_YEAR + (int) (packed >>> 56), (int) (packed >>> 52) & 0xf,
                    (int) (packed >>> 47) & 0x1f, (int) (packed >>> 42) & 0x1f, (int) (packed >>> 36) & 0x3f,
                    (int) (packed >>> 30) & 0x3f, (int) packed & 0x3fff_ffff);
        } catch (DateTimeException e) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "packed date-time 0x"
                    + Long.toHexString(packed) + ": " + e.getMessage(), e);
        }
    }

    // An OffsetDateTime is its local date-time packed as a LocalDateTime's, then its offset in quarter hours: neither
    // side counts days from the epoch (the payload form does; measured as the largest part of its cost after the
    // offset lookup). Other offsets and years: the date 0, then the payload.
    private static void writeOffsetDateTime(Hessian2Output out, OffsetDateTime value) throws IOException {
        int quarters = OffsetPayload.quarterHours(value.getOffset());
        long packed = quarters == Integer.MIN_VALUE ? 0 : pack(value.toLocalDateTime());
        out.writeUTCDate(packed);
        if (packed == 0) {
            BinaryPayload.write(out, WireType.OFFSET_DATE_TIME.codec(), value);
        } else {
            out.writeLong(quarters);
        }
    }

    private Object readOffsetDateTime(Hessian2Input in, int tag) throws IOException {
        long packed = readDate(in, tag);
        if (packed == 0) {
            return readPayload(in, WireType.OFFSET_DATE_TIME);
        }
        LocalDateTime local = unpack(packed);
        long quarters = readLong(in, in.read());
        ZoneOffset offset = OffsetPayload.ofQuarterHours(quarters);
        if (offset == null) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "an offset of " + quarters
                    + " quarter hours is outside -18:00..+18:00");
        }
        return OffsetDateTime.of(local, offset);
    }

    private Object readLocalTime(Hessian2Input in, int tag) throws IOException {
        long value = readLong(in, tag);
        if (value >= 0) {
            return LocalTimeCodec.ofNanoOfDay(type, value);
        }
        long secondOfDay = -1 - value;
        if (secondOfDay >= 86_400) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "second of day " + secondOfDay
                    + " is not within one day");
        }
        return LocalTime.ofSecondOfDay(secondOfDay);
    }

    /**
     * A Hessian date read as the 64-bit value it carries, and no other type accepted. Not hessian-lite's
     * {@code readUTCDate}: its byte reads do not notice the end of the stream, so a truncated value would come back
     * as a plausible wrong one. The same eight reads, each checked.
     */
    private long readDate(Hessian2Input in, int tag) throws IOException {
        if (tag == 0x4a) {
            if (in instanceof HessianTimeInput && ((HessianTimeInput) in).bufferedBytes() >= 8) {
                return ((HessianTimeInput) in).readBufferedLong();
            }
            // straight-line, as hessian-lite's parseLong. The end of a stream is final (every read after it gives
            // -1 again), so a stream that ends inside the value also gives -1 for its last byte: one check.
            long b1 = in.read();
            long b2 = in.read();
            long b3 = in.read();
            long b4 = in.read();
            long b5 = in.read();
            long b6 = in.read();
            long b7 = in.read();
            long b8 = in.read();
            if (b8 < 0) {
                throw truncated();
            }
            return (b1 << 56) | (b2 << 48) | (b3 << 40) | (b4 << 32) | (b5 << 24) | (b6 << 16) | (b7 << 8) | b8;
        }
        if (tag == 0x4b) {                                 // minutes, as writeUTCDate writes a multiple of 60000
            return (int) bigEndian(in, 4) * 60_000L;
        }
        throw new TimeDecodingException(type, tag < 0 ? Problem.TRUNCATED : Problem.WRONG_TYPE,
                inside + " field holds " + HessianTags.describe(tag) + ", not a date");
    }

    /**
     * A Hessian long in any of its encodings, and nothing else (hessian-lite's readLong also takes ints, doubles, and
     * does not notice the end of the stream).
     */
    private long readLong(Hessian2Input in, int tag) throws IOException {
        if (tag >= 0xd8 && tag <= 0xef) {                  // one byte
            return tag - 0xe0;
        }
        if (tag >= 0xf0) {                                 // two bytes
            return ((tag - 0xf8) << 8) + bigEndian(in, 1);
        }
        if (tag >= 0x38 && tag <= 0x3f) {                  // three bytes
            return ((long) (tag - 0x3c) << 16) + bigEndian(in, 2);
        }
        if (tag == 0x59) {                                 // 32 bits
            return (int) bigEndian(in, 4);
        }
        if (tag == 'L') {
            return bigEndian(in, 8);
        }
        throw new TimeDecodingException(type, tag < 0 ? Problem.TRUNCATED : Problem.WRONG_TYPE,
                inside + " field holds " + HessianTags.describe(tag) + ", not a long");
    }

    /**
     * The {@code n} bytes after a tag, big-endian; a stream that ends inside them is TRUNCATED. Read straight from
     * the input rather than through a {@link PayloadReader}, whose object and checks cost a tenth of a page's time
     * (measured on the date path, which now reads its 8 bytes straight-line).
     */
    private long bigEndian(Hessian2Input in, int n) throws IOException {
        return BinaryPayload.bigEndian(in, n, type, inside);
    }

    private TimeDecodingException truncated() {
        return new TimeDecodingException(type, Problem.TRUNCATED, "the stream ends inside " + inside);
    }

    private static Object readPayload(Hessian2Input in, WireType wire) throws IOException {
        return decode(BinaryPayload.open(in, wire.javaType(), wire.maxPayloadLength()), wire);
    }

    private static Object decode(PayloadReader payload, WireType wire) throws IOException {
        Object value = wire.codec().decode(payload);
        payload.expectEnd();
        return value;
    }
}
