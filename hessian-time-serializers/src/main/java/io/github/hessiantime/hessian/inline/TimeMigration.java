package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.HessianFieldException;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Date;

/**
 * What a bean reader does with a value its field cannot hold: the one place that decides. A value of one of the
 * six date-time types ({@code java.util.Date}, {@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime},
 * {@code LocalDateTime}, {@code LocalDate}) read into a field declared as another of them is converted, so a field
 * can change between these types while writers and readers of both versions talk (docs/dubbo.md, "Moving a DTO field
 * from Date to LocalDateTime in a running fleet"):
 * <ul>
 *   <li>into {@code Date} or {@code Instant} from {@code Date}, {@code Instant}, {@code OffsetDateTime},
 *       {@code ZonedDateTime}: the same moment ({@code Date} keeps milliseconds: the rest is dropped towards the past,
 *       as {@code Instant.toEpochMilli} does);</li>
 *   <li>{@code OffsetDateTime} and {@code ZonedDateTime} into each other: the same moment and offset;</li>
 *   <li>into {@code OffsetDateTime}, {@code ZonedDateTime}, {@code LocalDateTime} or {@code LocalDate} from
 *       {@code Date} or {@code Instant}, and into {@code LocalDateTime} or {@code LocalDate} from
 *       {@code OffsetDateTime} or {@code ZonedDateTime}: the moment in the migration zone;</li>
 *   <li>from {@code LocalDateTime}, or a {@code LocalDate} at the start of its day, into {@code Date}, {@code Instant},
 *       {@code OffsetDateTime} or {@code ZonedDateTime}: that local time in the migration zone, a gap or an overlap
 *       resolved as {@code ZonedDateTime.of} resolves it.</li>
 * </ul>
 * Without a migration zone each conversion that needs one is an error naming the setting; every other pair (a
 * {@code LocalDateTime} into a {@code LocalDate} field, a DTO into a {@code Date} field, ...) is an error naming the
 * field, its declared type and what the stream held. Immutable.
 */
public final class TimeMigration {
    private static final int DATE = 0;
    private static final int INSTANT = 1;
    private static final int OFFSET = 2;
    private static final int ZONED = 3;
    private static final int LOCAL_DATE_TIME = 4;
    private static final int LOCAL_DATE = 5;

    private final ZoneId zone;
    private final String setting;
    private final String zoneProblem;

    private TimeMigration(ZoneId zone, String setting, String zoneProblem) {
        this.zone = zone;
        this.setting = setting;
        this.zoneProblem = zoneProblem;
    }

    /**
     * Conversions in {@code zone}, or only those that need no zone if {@code zone} is {@code null}. {@code setting}:
     * how a user sets the zone, named in the error of a conversion that needs it.
     */
    public static TimeMigration of(ZoneId zone, String setting) {
        return new TimeMigration(zone, setting, null);
    }

    /** Conversions that need no zone; those that need one fail naming {@code setting} and {@code problem}. */
    public static TimeMigration invalidZone(String setting, String problem) {
        return new TimeMigration(null, setting, problem);
    }

    /** The migration zone, or {@code null}. */
    public ZoneId zone() {
        return zone;
    }

    /** Whether values of the six date-time types are converted into fields declared {@code declared}. */
    static boolean isTarget(Class<?> declared) {
        return kindOfDeclared(declared) >= 0;
    }

    /**
     * {@code value} (not {@code null}), which a field {@code field} declared {@code declared} cannot hold, converted to
     * {@code declared}; or the error that names why not.
     */
    Object convert(Object value, Class<?> declared, String field) throws IOException {
        int from = kindOfValue(value);
        int to = kindOfDeclared(declared);
        if (from < 0 || to < 0 || from == to) {
            throw mismatch(value, declared, field);
        }
        try {
            switch (to) {
                case DATE:
                case INSTANT: {
                    Instant instant = from <= ZONED ? instant(value, from) : local(value, from, declared, field)
                            .toInstant();
                    return to == INSTANT ? instant : date(instant, field);
                }
                case OFFSET:
                    if (from == ZONED) {
                        return ((ZonedDateTime) value).toOffsetDateTime();
                    }
                    return (from <= INSTANT ? instant(value, from).atZone(zone(value, declared, field))
                            : local(value, from, declared, field)).toOffsetDateTime();
                case ZONED:
                    if (from == OFFSET) {
                        return ((OffsetDateTime) value).toZonedDateTime();
                    }
                    return from <= INSTANT ? instant(value, from).atZone(zone(value, declared, field))
                            : local(value, from, declared, field);
                case LOCAL_DATE_TIME:
                case LOCAL_DATE: {
                    if (from >= LOCAL_DATE_TIME) {
                        throw mismatch(value, declared, field);     // LocalDateTime <-> LocalDate: not a moment
                    }
                    ZonedDateTime moment = instant(value, from).atZone(zone(value, declared, field));
                    return to == LOCAL_DATE_TIME ? moment.toLocalDateTime() : moment.toLocalDate();
                }
                default:
                    throw mismatch(value, declared, field);
            }
        } catch (DateTimeException | ArithmeticException e) {
            throw new TimeDecodingException(timeType(value, declared), Problem.OUT_OF_RANGE, "field " + field
                    + " is declared " + declared.getName() + ", and the stream's " + value.getClass().getName() + " "
                    + value + " is out of its range: " + e.getMessage(), e);
        }
    }

    private static Instant instant(Object value, int kind) {
        switch (kind) {
            case DATE:
                // java.sql.Date refuses toInstant; a Timestamp keeps its nanoseconds
                return value instanceof java.sql.Timestamp ? ((java.sql.Timestamp) value).toInstant()
                        : Instant.ofEpochMilli(((Date) value).getTime());
            case INSTANT:
                return (Instant) value;
            case OFFSET:
                return ((OffsetDateTime) value).toInstant();
            default:
                return ((ZonedDateTime) value).toInstant();
        }
    }

    /** A LocalDateTime, or a LocalDate at the start of its day, in the zone: ZonedDateTime.of's gaps and overlaps. */
    private ZonedDateTime local(Object value, int kind, Class<?> declared, String field) throws IOException {
        LocalDateTime local = kind == LOCAL_DATE ? ((LocalDate) value).atStartOfDay() : (LocalDateTime) value;
        return ZonedDateTime.of(local, zone(value, declared, field));
    }

    private static Date date(Instant instant, String field) throws TimeDecodingException {
        try {
            return new Date(instant.toEpochMilli());
        } catch (ArithmeticException e) {
            throw new TimeDecodingException(Instant.class, Problem.OUT_OF_RANGE, "field " + field + " is declared "
                    + "java.util.Date, which cannot hold " + instant, e);
        }
    }

    private ZoneId zone(Object value, Class<?> declared, String field) throws TimeDecodingException {
        if (zone == null) {
            throw new TimeDecodingException(timeType(value, declared), Problem.TYPE_MISMATCH, "field " + field
                    + " is declared " + declared.getName() + " and the stream holds a " + value.getClass().getName()
                    + ": converting it needs a zone, " + (zoneProblem != null ? zoneProblem : "and none is set")
                    + " (" + setting + ")");
        }
        return zone;
    }

    /**
     * The error for a value no conversion fits: a {@link TimeDecodingException} where the stream held a java.time value
     * or both types are date-times, else hessian-lite's own {@link HessianFieldException}; both name the field, its
     * declared type and the class of what the stream held.
     */
    private static IOException mismatch(Object value, Class<?> declared, String field) {
        String detail = "declared " + declared.getName() + ", and the stream holds a " + value.getClass().getName();
        boolean dateTimes = kindOfValue(value) >= 0 && kindOfDeclared(declared) >= 0;
        if (dateTimes || value.getClass().getName().startsWith("java.time.")) {
            return new TimeDecodingException(timeType(value, declared), Problem.TYPE_MISMATCH, "field " + field
                    + " is " + detail + (dateTimes ? ", which is not converted into it" : ", which it cannot hold"));
        }
        return new HessianFieldException(field + ": " + detail + ", which it cannot hold");
    }

    /** The java.time type a TimeDecodingException names: the declared one, or the value's if that is java.time. */
    private static Class<?> timeType(Object value, Class<?> declared) {
        return declared.getName().startsWith("java.time.") || !value.getClass().getName().startsWith("java.time.")
                ? declared : value.getClass();
    }

    private static int kindOfValue(Object value) {
        if (value instanceof Date) {
            return DATE;
        }
        return kindOfDeclared(value.getClass());
    }

    private static int kindOfDeclared(Class<?> type) {
        if (type == Date.class) {
            return DATE;
        }
        if (type == Instant.class) {
            return INSTANT;
        }
        if (type == OffsetDateTime.class) {
            return OFFSET;
        }
        if (type == ZonedDateTime.class) {
            return ZONED;
        }
        if (type == LocalDateTime.class) {
            return LOCAL_DATE_TIME;
        }
        return type == LocalDate.class ? LOCAL_DATE : -1;
    }

    @Override
    public String toString() {
        return "TimeMigration[" + (zone != null ? zone : zoneProblem != null ? zoneProblem : "no zone") + "]";
    }
}
