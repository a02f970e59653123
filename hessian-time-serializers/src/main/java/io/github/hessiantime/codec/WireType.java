package io.github.hessiantime.codec;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * The class definition of each java.time type in the compact format, version 1: a wire type name and one field name.
 *
 * <p>The field name is the format version marker: a later version gives its class definition another field name,
 * and a reader that finds a field name it does not know reports an unknown version. Each v1 field name is also the
 * name of a real field of the java.time class, chosen so that a reader without hessian-time, which falls back to
 * reflection on the declared java.time type, hits a binary where it expects a number or an object and fails,
 * instead of returning a zero-filled value such as the epoch.
 */
public enum WireType {
    INSTANT(Instant.class, "ht.Instant", "nanos", "InstantHandle", EpochCodec.MAX_LENGTH),
    LOCAL_DATE_TIME(LocalDateTime.class, "ht.DateTime", "date", "LocalDateTimeHandle", EpochCodec.MAX_LENGTH),
    LOCAL_DATE(LocalDate.class, "ht.Date", "day", "LocalDateHandle", 5),
    LOCAL_TIME(LocalTime.class, "ht.Time", "hour", "LocalTimeHandle", LocalTimeCodec.MAX_LENGTH),
    OFFSET_TIME(OffsetTime.class, "ht.OffsetTime", "offset", "OffsetTimeHandle",
            OffsetCodec.MAX_LENGTH + LocalTimeCodec.MAX_LENGTH),
    OFFSET_DATE_TIME(OffsetDateTime.class, "ht.OffsetDateTime", "offset", "OffsetDateTimeHandle",
            OffsetCodec.MAX_LENGTH + EpochCodec.MAX_LENGTH),
    ZONED_DATE_TIME(ZonedDateTime.class, "ht.ZonedDateTime", "offset", "ZonedDateTimeHandle",
            OffsetCodec.MAX_LENGTH + 1 + ZoneIds.MAX_LENGTH + EpochCodec.MAX_LENGTH),
    ZONE_ID(ZoneId.class, "ht.ZoneId", "id", "ZoneIdHandle", ZoneIds.MAX_LENGTH),
    ZONE_OFFSET(ZoneOffset.class, "ht.ZoneOffset", "totalSeconds", "ZoneOffsetHandle", OffsetCodec.MAX_LENGTH),
    DURATION(Duration.class, "ht.Duration", "nanos", "DurationHandle", 15),
    PERIOD(Period.class, "ht.Period", "days", "PeriodHandle", 15),
    YEAR(Year.class, "ht.Year", "year", "YearHandle", 4),
    YEAR_MONTH(YearMonth.class, "ht.YearMonth", "month", "YearMonthHandle", 5),
    MONTH_DAY(MonthDay.class, "ht.MonthDay", "day", "MonthDayHandle", 2);

    /** Package of hessian-lite's default ("handle") format classes, the same in hessian-lite 3.2.x and 4.x. */
    public static final String HESSIAN_LITE_HANDLE_PACKAGE = "com.alibaba.com.caucho.hessian.io.java8.";

    private final Class<?> javaType;
    private final String wireName;
    private final String fieldName;
    private final String handleClassName;
    private final int maxPayloadLength;

    WireType(Class<?> javaType, String wireName, String fieldName, String handleSimpleName, int maxPayloadLength) {
        this.javaType = javaType;
        this.wireName = wireName;
        this.fieldName = fieldName;
        this.handleClassName = HESSIAN_LITE_HANDLE_PACKAGE + handleSimpleName;
        this.maxPayloadLength = maxPayloadLength;
    }

    /** The java.time type (for zone ids, {@link ZoneId}, whose concrete region class is not public). */
    public Class<?> javaType() {
        return javaType;
    }

    /** The Hessian type name of the class definition: the name of a marker class in package {@code ht}. */
    public String wireName() {
        return wireName;
    }

    /** The single field name of the class definition, which also marks format version 1. */
    public String fieldName() {
        return fieldName;
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
