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
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.List;

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
    /** The six date-time types: the four moments first, then the two local types. */
    private enum Kind {
        DATE(Date.class), INSTANT(Instant.class), OFFSET(OffsetDateTime.class), ZONED(ZonedDateTime.class),
        LOCAL_DATE_TIME(LocalDateTime.class), LOCAL_DATE(LocalDate.class);

        // a list, not values() (a copy each call): a field in migration asks for each value it converts; a list, not an
        // array, as no static field of the library may be mutable (FactoryContractTest)
        private static final List<Kind> ALL = Collections.unmodifiableList(Arrays.asList(values()));

        private final Class<?> type;

        Kind(Class<?> type) {
            this.type = type;
        }

        boolean isMoment() {
            return compareTo(ZONED) <= 0;
        }

        /** The kind of a field declared {@code type}, or {@code null} if it is none of the six. */
        static Kind ofDeclared(Class<?> type) {
            for (int i = 0; i < ALL.size(); i++) {
                if (ALL.get(i).type == type) {
                    return ALL.get(i);
                }
            }
            return null;
        }

        /** The kind of {@code value}: a subclass of Date (java.sql's) is a Date. */
        static Kind ofValue(Object value) {
            return value instanceof Date ? DATE : ofDeclared(value.getClass());
        }
    }

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
        return Kind.ofDeclared(declared) != null;
    }

    /**
     * {@code value} (not {@code null}), which a field {@code field} declared {@code declared} cannot hold, converted to
     * {@code declared}; or the error that names why not.
     */
    Object convert(Object value, Class<?> declared, String field) throws IOException {
        Kind from = Kind.ofValue(value);
        Kind to = Kind.ofDeclared(declared);
        if (from == null || to == null || from == to) {
            throw mismatch(value, declared, field);
        }
        try {
            switch (to) {
                case DATE:
                case INSTANT: {
                    Instant instant = from.isMoment() ? instant(value, from) : local(value, from, declared, field)
                            .toInstant();
                    return to == Kind.INSTANT ? instant : date(instant, field);
                }
                // into OFFSET or ZONED: once the other of the two is handled, the moments left are Date and Instant
                case OFFSET:
                    if (from == Kind.ZONED) {
                        return ((ZonedDateTime) value).toOffsetDateTime();
                    }
                    return (from.isMoment() ? instant(value, from).atZone(zone(value, declared, field))
                            : local(value, from, declared, field)).toOffsetDateTime();
                case ZONED:
                    if (from == Kind.OFFSET) {
                        return ((OffsetDateTime) value).toZonedDateTime();
                    }
                    return from.isMoment() ? instant(value, from).atZone(zone(value, declared, field))
                            : local(value, from, declared, field);
                case LOCAL_DATE_TIME:
                case LOCAL_DATE: {
                    if (!from.isMoment()) {
                        throw mismatch(value, declared, field);     // LocalDateTime <-> LocalDate: not a moment
                    }
                    ZonedDateTime moment = instant(value, from).atZone(zone(value, declared, field));
                    return to == Kind.LOCAL_DATE_TIME ? moment.toLocalDateTime() : moment.toLocalDate();
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

    private static Instant instant(Object value, Kind kind) {
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
    private ZonedDateTime local(Object value, Kind kind, Class<?> declared, String field) throws IOException {
        LocalDateTime local = kind == Kind.LOCAL_DATE ? ((LocalDate) value).atStartOfDay() : (LocalDateTime) value;
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
        boolean dateTimes = Kind.ofValue(value) != null && Kind.ofDeclared(declared) != null;
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

    @Override
    public String toString() {
        return "TimeMigration[" + (zone != null ? zone : zoneProblem != null ? zoneProblem : "no zone") + "]";
    }
}
