package io.github.hessiantime.hessian;

import io.github.hessiantime.payload.DurationCodec;
import io.github.hessiantime.payload.InstantCodec;
import io.github.hessiantime.payload.LocalDateCodec;
import io.github.hessiantime.payload.LocalDateTimeCodec;
import io.github.hessiantime.payload.LocalTimeCodec;
import io.github.hessiantime.payload.MonthDayCodec;
import io.github.hessiantime.payload.OffsetDateTimeCodec;
import io.github.hessiantime.payload.OffsetTimeCodec;
import io.github.hessiantime.payload.PayloadCodec;
import io.github.hessiantime.payload.PeriodCodec;
import io.github.hessiantime.payload.YearCodec;
import io.github.hessiantime.payload.YearMonthCodec;
import io.github.hessiantime.payload.ZoneIdCodec;
import io.github.hessiantime.payload.ZoneOffsetCodec;
import io.github.hessiantime.payload.ZonedDateTimeCodec;

import java.time.ZoneId;

/**
 * The one list of the java.time types hessian-time handles. Each entry names the type's three formats: its compact
 * payload ({@link PayloadCodec}) with the class definition that frames it in version 1 (a wire type name and one
 * field name), hessian-lite's default format ({@link HandleFormat}, and the handle class it writes), and, for the
 * three types that have one, hessian-lite's {@code compactMode} ({@link CompactModeFormat}).
 *
 * <p>The field name is the format version marker: a later version gives its class definition another field name,
 * and a reader that finds a field name it does not know reports an unknown version. Each v1 field name is also the
 * name of a real field of the java.time class, chosen so that a reader without hessian-time, which falls back to
 * reflection on the declared java.time type, hits a binary where it expects a number or an object and fails,
 * instead of returning a zero-filled value such as the epoch.
 *
 * <p>The wire names are listed by {@code JavaTimeSerializerFactory.wireClassNames()}.
 */
public enum WireType {
    // Wire names are short because every Dubbo message repeats its class definitions, and they read as the local
    // types without "Local": ht.DateTime is LocalDateTime, ht.Date is LocalDate, ht.Time is LocalTime.
    INSTANT(new InstantCodec(), "ht.Instant", "nanos", "seconds", HandleFormat.INSTANT, "InstantHandle", null),
    LOCAL_DATE_TIME(new LocalDateTimeCodec(), "ht.DateTime", "date", "time", HandleFormat.LOCAL_DATE_TIME,
            "LocalDateTimeHandle", CompactModeFormat.LOCAL_DATE_TIME),
    LOCAL_DATE(new LocalDateCodec(), "ht.Date", "day", "month", HandleFormat.LOCAL_DATE, "LocalDateHandle",
            CompactModeFormat.LOCAL_DATE),
    LOCAL_TIME(new LocalTimeCodec(), "ht.Time", "hour", "nano", HandleFormat.LOCAL_TIME, "LocalTimeHandle",
            CompactModeFormat.LOCAL_TIME),
    OFFSET_TIME(new OffsetTimeCodec(), "ht.OffsetTime", "offset", "time", HandleFormat.OFFSET_TIME,
            "OffsetTimeHandle", null),
    OFFSET_DATE_TIME(new OffsetDateTimeCodec(), "ht.OffsetDateTime", "offset", "dateTime",
            HandleFormat.OFFSET_DATE_TIME, "OffsetDateTimeHandle", null),
    ZONED_DATE_TIME(new ZonedDateTimeCodec(), "ht.ZonedDateTime", "offset", "dateTime", HandleFormat.ZONED_DATE_TIME,
            "ZonedDateTimeHandle", null),
    ZONE_ID(new ZoneIdCodec(), "ht.ZoneId", "id", null, HandleFormat.ZONE_ID, "ZoneIdHandle", null),
    ZONE_OFFSET(new ZoneOffsetCodec(), "ht.ZoneOffset", "totalSeconds", null, HandleFormat.ZONE_OFFSET,
            "ZoneOffsetHandle", null),
    DURATION(new DurationCodec(), "ht.Duration", "nanos", "seconds", HandleFormat.DURATION, "DurationHandle", null),
    PERIOD(new PeriodCodec(), "ht.Period", "days", "months", HandleFormat.PERIOD, "PeriodHandle", null),
    YEAR(new YearCodec(), "ht.Year", "year", null, HandleFormat.YEAR, "YearHandle", null),
    YEAR_MONTH(new YearMonthCodec(), "ht.YearMonth", "month", "year", HandleFormat.YEAR_MONTH, "YearMonthHandle", null),
    MONTH_DAY(new MonthDayCodec(), "ht.MonthDay", "day", "month", HandleFormat.MONTH_DAY, "MonthDayHandle", null);

    /** Package of hessian-lite's default ("handle") format classes, the same in hessian-lite 3.2.x and 4.x. */
    public static final String HESSIAN_LITE_HANDLE_PACKAGE = "com.alibaba.com.caucho.hessian.io.java8.";

    private final PayloadCodec<?> codec;
    private final String wireName;
    private final String fieldName;
    private final String unreferencedFieldName;
    private final HandleFormat handleFormat;
    private final String handleClassName;
    private final CompactModeFormat compactMode;

    WireType(PayloadCodec<?> codec, String wireName, String fieldName, String unreferencedFieldName,
             HandleFormat handleFormat, String handleSimpleName, CompactModeFormat compactMode) {
        this.codec = codec;
        this.wireName = wireName;
        this.fieldName = fieldName;
        this.unreferencedFieldName = unreferencedFieldName;
        this.handleFormat = handleFormat;
        this.handleClassName = HESSIAN_LITE_HANDLE_PACKAGE + handleSimpleName;
        this.compactMode = compactMode;
    }

    /** The java.time type (for zone ids, {@link ZoneId}, whose concrete region class is not public). */
    public Class<?> javaType() {
        return codec.type();
    }

    /** The compact payload. */
    public PayloadCodec<?> codec() {
        return codec;
    }

    /** hessian-lite's default format. */
    public HandleFormat handleFormat() {
        return handleFormat;
    }

    /** hessian-lite's {@code compactMode} format, or {@code null} where it writes this type as a handle. */
    public CompactModeFormat compactMode() {
        return compactMode;
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
                largest = Math.max(largest, wire.maxPayloadLength());
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
        return codec.maxLength();
    }
}
