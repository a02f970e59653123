package io.github.hessiantime.codec;

import java.time.ZoneId;

/**
 * The one list of the java.time types hessian-time handles. Each entry names the type's codec (its bytes, write and
 * read side by side), the class definition of the compact format version 1 (a wire type name and one field name),
 * the class hessian-lite's default format writes, and the largest payload a reader accepts.
 *
 * <p>The field name is the format version marker: a later version gives its class definition another field name,
 * and a reader that finds a field name it does not know reports an unknown version. Each v1 field name is also the
 * name of a real field of the java.time class, chosen so that a reader without hessian-time, which falls back to
 * reflection on the declared java.time type, hits a binary where it expects a number or an object and fails,
 * instead of returning a zero-filled value such as the epoch.
 *
 * <p>Internal: not part of hessian-time's public API; the wire names are listed by
 * {@code JavaTimeSerializerFactory.wireClassNames()}.
 */
public enum WireType {
    // Wire names are short because every Dubbo message repeats its class definitions, and they read as the local
    // types without "Local": ht.DateTime is LocalDateTime, ht.Date is LocalDate, ht.Time is LocalTime.
    INSTANT(new InstantCodec(), "ht.Instant", "nanos", "seconds", "InstantHandle", EpochPayload.MAX_LENGTH),
    LOCAL_DATE_TIME(new LocalDateTimeCodec(), "ht.DateTime", "date", "time", "LocalDateTimeHandle", EpochPayload.MAX_LENGTH),
    LOCAL_DATE(new LocalDateCodec(), "ht.Date", "day", "month", "LocalDateHandle", 5),
    LOCAL_TIME(new LocalTimeCodec(), "ht.Time", "hour", "nano", "LocalTimeHandle", TimeOfDayPayload.MAX_LENGTH),
    OFFSET_TIME(new OffsetTimeCodec(), "ht.OffsetTime", "offset", "time", "OffsetTimeHandle",
            OffsetPayload.MAX_LENGTH + TimeOfDayPayload.MAX_LENGTH),
    OFFSET_DATE_TIME(new OffsetDateTimeCodec(), "ht.OffsetDateTime", "offset", "dateTime", "OffsetDateTimeHandle",
            OffsetPayload.MAX_LENGTH + EpochPayload.MAX_LENGTH),
    ZONED_DATE_TIME(new ZonedDateTimeCodec(), "ht.ZonedDateTime", "offset", "dateTime", "ZonedDateTimeHandle",
            OffsetPayload.MAX_LENGTH + 1 + ZoneIds.MAX_LENGTH + EpochPayload.MAX_LENGTH),
    ZONE_ID(new ZoneIdCodec(), "ht.ZoneId", "id", null, "ZoneIdHandle", ZoneIds.MAX_LENGTH),
    ZONE_OFFSET(new ZoneOffsetCodec(), "ht.ZoneOffset", "totalSeconds", null, "ZoneOffsetHandle", OffsetPayload.MAX_LENGTH),
    DURATION(new DurationCodec(), "ht.Duration", "nanos", "seconds", "DurationHandle", 15),
    PERIOD(new PeriodCodec(), "ht.Period", "days", "months", "PeriodHandle", 15),
    YEAR(new YearCodec(), "ht.Year", "year", null, "YearHandle", 4),
    YEAR_MONTH(new YearMonthCodec(), "ht.YearMonth", "month", "year", "YearMonthHandle", 5),
    MONTH_DAY(new MonthDayCodec(), "ht.MonthDay", "day", "month", "MonthDayHandle", 2);

    /** Package of hessian-lite's default ("handle") format classes, the same in hessian-lite 3.2.x and 4.x. */
    public static final String HESSIAN_LITE_HANDLE_PACKAGE = "com.alibaba.com.caucho.hessian.io.java8.";

    private final TimeCodec<?> codec;
    private final String wireName;
    private final String fieldName;
    private final String unreferencedFieldName;
    private final String handleClassName;
    private final int maxPayloadLength;

    WireType(TimeCodec<?> codec, String wireName, String fieldName, String unreferencedFieldName,
             String handleSimpleName, int maxPayloadLength) {
        this.unreferencedFieldName = unreferencedFieldName;
        this.codec = codec;
        this.wireName = wireName;
        this.fieldName = fieldName;
        this.handleClassName = HESSIAN_LITE_HANDLE_PACKAGE + handleSimpleName;
        this.maxPayloadLength = maxPayloadLength;
    }

    /** The java.time type (for zone ids, {@link ZoneId}, whose concrete region class is not public). */
    public Class<?> javaType() {
        return codec.type();
    }

    /** Everything about this type's bytes: the compact payload and hessian-lite's own formats. */
    public TimeCodec<?> codec() {
        return codec;
    }

    /** The largest {@link #maxPayloadLength()} of all types. */
    public static int largestPayload() {
        return LargestPayload.LENGTH;
    }

    /** Computed once: hessian2-time asks for it for every message it writes. */
    private static final class LargestPayload {
        static final int LENGTH;

        static {
            int largest = 0;
            for (WireType wire : values()) {
                largest = Math.max(largest, wire.maxPayloadLength);
            }
            LENGTH = largest;
        }
    }

    /** The Hessian type name of the class definition: the name of a marker class in package {@code ht}. */
    public String wireName() {
        return wireName;
    }

    /** The single field name of the class definition, which also marks format version 1. */
    public String fieldName() {
        return fieldName;
    }

    /**
     * The single field name of the class definition in the unreferenced framing (values take no reference slot),
     * or {@code null} for the types that have none (Year, ZoneId, ZoneOffset: their java.time classes have no second
     * field that an old reader would fail on). Like {@link #fieldName()}, it is a real field of the java.time class,
     * so a reader without hessian-time fails on the binary instead of returning a zero-filled value.
     */
    public String unreferencedFieldName() {
        return unreferencedFieldName;
    }

    /** The class that hessian-lite's default format writes for this type. */
    public String handleClassName() {
        return handleClassName;
    }

    /** Upper bound of the binary payload; readers never accept, or allocate, more. */
    public int maxPayloadLength() {
        return maxPayloadLength;
    }
}
