package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Date;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 24, a field that changes type between {@code Date}, {@code Instant}, {@code OffsetDateTime},
 * {@code ZonedDateTime}, {@code LocalDateTime} and {@code LocalDate} while writers and readers of both versions talk:
 * every (written, declared) pair, the value converted by the reader's declared type as the issue specifies, in the
 * migration zone of {@code JavaTimeSerializerFactory.withMigrationZone} where the pair needs one. The stream names the
 * writer's class, renamed (same length) to the reader's, as a peer with the other version of the DTO has it. Each
 * class also has an Instant field, so every stream is an inline definition (hessian2-time's), and the Date-only
 * classes give stock hessian-lite's definitions. On both hessian-lite lines.
 */
class TimeMigrationTest {
    private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

    static final class MigD implements Serializable {
        Date v;
        Instant other = Instant.EPOCH;
    }

    static final class MigI implements Serializable {
        Instant v;
        Instant other = Instant.EPOCH;
    }

    static final class MigO implements Serializable {
        OffsetDateTime v;
        Instant other = Instant.EPOCH;
    }

    static final class MigZ implements Serializable {
        ZonedDateTime v;
        Instant other = Instant.EPOCH;
    }

    static final class MigL implements Serializable {
        LocalDateTime v;
        Instant other = Instant.EPOCH;
    }

    static final class MigY implements Serializable {
        LocalDate v;
        Instant other = Instant.EPOCH;
    }

    /** Only a Date field: a definition stock hessian-lite writes (the old writer of a migration, over hessian2-time). */
    static final class OnlD implements Serializable {
        Date v;
    }

    private static final List<Class<?>> CLASSES = Arrays.asList(MigD.class, MigI.class, MigO.class, MigZ.class,
            MigL.class, MigY.class);

    // 2025-11-22T10:15:30.123456789Z: 18:15:30.123456789 in Shanghai
    private static final Instant MOMENT = Instant.parse("2025-11-22T10:15:30.123456789Z");
    private static final OffsetDateTime OFFSET = OffsetDateTime.parse("2025-11-22T11:15:30.123456789+01:00");
    private static final ZonedDateTime ZONED = ZonedDateTime.parse("2025-11-22T05:15:30.123456789-05:00[America/New_York]");
    private static final LocalDateTime LOCAL = LocalDateTime.parse("2025-11-22T18:15:30.123456789");
    private static final LocalDate DAY = LocalDate.parse("2025-11-22");

    private static Object valueOf(Class<?> type) {
        if (type == MigD.class) {
            return Date.from(MOMENT);
        }
        if (type == MigI.class) {
            return MOMENT;
        }
        if (type == MigO.class) {
            return OFFSET;
        }
        if (type == MigZ.class) {
            return ZONED;
        }
        return type == MigL.class ? LOCAL : DAY;
    }

    /** What the issue says the reader's field gets, computed here with java.time's own calls; null: an error. */
    private static Object expected(Object written, Class<?> declared, ZoneId zone) {
        Class<?> from = written instanceof Date ? Date.class : written.getClass();
        if (from == declared) {
            return written;
        }
        boolean moment = from == Date.class || from == Instant.class || from == OffsetDateTime.class
                || from == ZonedDateTime.class;
        Instant instant = from == Date.class ? ((Date) written).toInstant() : from == Instant.class ? (Instant) written
                : from == OffsetDateTime.class ? ((OffsetDateTime) written).toInstant()
                : from == ZonedDateTime.class ? ((ZonedDateTime) written).toInstant() : null;
        if (declared == Date.class || declared == Instant.class) {
            if (!moment) {
                if (zone == null) {
                    return null;
                }
                LocalDateTime local = from == LocalDate.class ? ((LocalDate) written).atStartOfDay()
                        : (LocalDateTime) written;
                instant = ZonedDateTime.of(local, zone).toInstant();
            }
            return declared == Instant.class ? instant : new Date(instant.toEpochMilli());
        }
        if (declared == OffsetDateTime.class && from == ZonedDateTime.class) {
            return ((ZonedDateTime) written).toOffsetDateTime();
        }
        if (declared == ZonedDateTime.class && from == OffsetDateTime.class) {
            return ((OffsetDateTime) written).toZonedDateTime();
        }
        if (zone == null) {
            return null;
        }
        if (declared == OffsetDateTime.class || declared == ZonedDateTime.class) {
            ZonedDateTime zoned = instant != null ? instant.atZone(zone) : ZonedDateTime.of(
                    from == LocalDate.class ? ((LocalDate) written).atStartOfDay() : (LocalDateTime) written, zone);
            return declared == ZonedDateTime.class ? zoned : zoned.toOffsetDateTime();
        }
        if (!moment) {
            return null;        // LocalDateTime <-> LocalDate: not converted
        }
        return declared == LocalDateTime.class ? LocalDateTime.ofInstant(instant, zone)
                : instant.atZone(zone).toLocalDate();
    }

    private static Object readAs(SerializerFactory factory, Object written, Class<?> readAs) throws Exception {
        String from = written.getClass().getName();
        byte[] renamed = new String(Hessian.write(factory, written), StandardCharsets.ISO_8859_1)
                .replace(from, readAs.getName()).getBytes(StandardCharsets.ISO_8859_1);
        Object back = Hessian.readOne(factory, renamed);
        assertEquals(readAs, back.getClass());
        return readAs.getDeclaredField("v").get(back);
    }

    private static Object bean(Class<?> type, Object value) throws Exception {
        Object bean = type.getDeclaredConstructor().newInstance();
        type.getDeclaredField("v").set(bean, value);
        return bean;
    }

    /** All 36 pairs, with a zone: each converted as specified, or an error naming both types. */
    @Test
    void everyPairIsConvertedByTheReadersDeclaredTypeInTheZone() throws Exception {
        for (SerializerFactory factory : factories(ZONE)) {
            for (Class<?> writer : CLASSES) {
                for (Class<?> reader : CLASSES) {
                    Object written = valueOf(writer);
                    Class<?> declared = reader.getDeclaredField("v").getType();
                    Object expected = expected(written, declared, ZONE);
                    String pair = writer.getSimpleName() + " -> " + reader.getSimpleName();
                    if (expected == null) {
                        TimeDecodingException e = assertThrows(TimeDecodingException.class,
                                () -> readAs(factory, bean(writer, written), reader), pair);
                        assertEquals(TimeDecodingException.Problem.TYPE_MISMATCH, e.problem(), pair);
                        assertTrue(e.getMessage().contains(declared.getName())
                                && e.getMessage().contains(written.getClass().getName()), e.getMessage());
                    } else {
                        assertEquals(expected, readAs(factory, bean(writer, written), reader), pair);
                    }
                }
            }
        }
    }

    /** Without a zone: the conversions that need none are made; each that needs one is an error naming the option. */
    @Test
    void withoutAZoneOnlyTheConversionsThatNeedNoneAreMade() throws Exception {
        int made = 0;
        int refused = 0;
        for (SerializerFactory factory : factories(null)) {
            for (Class<?> writer : CLASSES) {
                for (Class<?> reader : CLASSES) {
                    Object written = valueOf(writer);
                    Class<?> declared = reader.getDeclaredField("v").getType();
                    Object withZone = expected(written, declared, ZONE);
                    Object expected = expected(written, declared, null);
                    if (expected != null) {
                        assertEquals(expected, readAs(factory, bean(writer, written), reader));
                        made++;
                    } else {
                        TimeDecodingException e = assertThrows(TimeDecodingException.class,
                                () -> readAs(factory, bean(writer, written), reader));
                        if (withZone != null) {
                            assertTrue(e.getMessage().contains("needs a zone") && e.getMessage().contains(
                                    "JavaTimeSerializerFactory.withMigrationZone"), e.getMessage());
                        }
                        refused++;
                    }
                }
            }
        }
        // per factory: 6 same-type, Date/Instant/ODT/ZDT into Date/Instant (6 more), ODT <-> ZDT (2)
        assertEquals(2 * 14, made);
        assertEquals(2 * (36 - 14), refused);
    }

    @Test
    void nullStaysNull() throws Exception {
        for (SerializerFactory factory : factories(null)) {
            for (Class<?> writer : CLASSES) {
                for (Class<?> reader : CLASSES) {
                    assertNull(readAs(factory, bean(writer, null), reader));
                }
            }
        }
    }

    /**
     * A Date keeps milliseconds: the rest is dropped towards the past, as {@code Instant.toEpochMilli} does (before
     * 1970 too); a moment no Date can hold is an error.
     */
    @Test
    void aDateKeepsMillisecondsAndRefusesWhatItCannotHold() throws Exception {
        SerializerFactory factory = factories(null).get(0);
        assertEquals(new Date(1_763_806_530_123L), readAs(factory, bean(MigI.class, MOMENT), MigD.class));
        Instant beforeTheEpoch = Instant.parse("1969-12-31T23:59:59.999999Z");
        assertEquals(new Date(-1L), readAs(factory, bean(MigI.class, beforeTheEpoch), MigD.class));
        TimeDecodingException e = assertThrows(TimeDecodingException.class,
                () -> readAs(factory, bean(MigI.class, Instant.MAX), MigD.class));
        assertEquals(TimeDecodingException.Problem.OUT_OF_RANGE, e.problem());
        assertTrue(e.getMessage().contains("MigD.v"), e.getMessage());
    }

    /** A local time in a gap or an overlap of the zone is resolved as ZonedDateTime.of resolves it. */
    @Test
    void gapsAndOverlapsAreResolvedAsZonedDateTimeOfDoes() throws Exception {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        SerializerFactory factory = factories(berlin).get(0);
        LocalDateTime inTheGap = LocalDateTime.parse("2025-03-30T02:30:00");
        LocalDateTime inTheOverlap = LocalDateTime.parse("2025-10-26T02:30:00");
        assertEquals(Instant.parse("2025-03-30T01:30:00Z"), readAs(factory, bean(MigL.class, inTheGap), MigI.class));
        assertEquals(Instant.parse("2025-10-26T00:30:00Z"), readAs(factory, bean(MigL.class, inTheOverlap),
                MigI.class));
        assertEquals(ZonedDateTime.of(inTheOverlap, berlin), readAs(factory, bean(MigL.class, inTheOverlap),
                MigZ.class));
        // a LocalDate is its day's start: midnight in the zone
        assertEquals(OffsetDateTime.parse("2025-11-22T00:00+01:00"), readAs(factory, bean(MigY.class, DAY),
                MigO.class));
    }

    /** The old writer's bytes of a Date-only class (stock hessian-lite's definition) into the new reader's types. */
    @Test
    void aStockDateFieldIsReadIntoEveryNewType() throws Exception {
        for (SerializerFactory factory : factories(ZONE)) {
            for (Class<?> reader : CLASSES) {
                OnlD old = new OnlD();
                old.v = Date.from(MOMENT);
                byte[] bytes = Hessian.write(factory, old);
                assertTrue(!new String(bytes, StandardCharsets.ISO_8859_1).contains("ht:"), "a stock definition");
                Class<?> declared = reader.getDeclaredField("v").getType();
                assertEquals(expected(old.v, declared, ZONE), readAs(factory, old, reader), reader.getSimpleName());
            }
        }
    }

    /** Only the six date-time types convert: a value of any other type is refused naming the field. */
    @Test
    void otherTypesAreNotConverted() throws Exception {
        SerializerFactory factory = factories(ZONE).get(0);
        byte[] stream = new CraftedStream().object(MigD.class.getName(), "v").string("2025-11-22").bytes();
        IOException e = assertThrows(IOException.class, () -> Hessian.readOne(factory, stream));
        assertTrue(e.getMessage().contains("MigD.v"), e.getMessage());
        byte[] time = new CraftedStream().object(MigL.class.getName(), "v").value(java.time.LocalTime.NOON).bytes();
        TimeDecodingException mismatch = assertThrows(TimeDecodingException.class, () -> Hessian.readOne(factory, time));
        assertTrue(mismatch.getMessage().contains("java.time.LocalTime"), mismatch.getMessage());
    }

    @Test
    void theZoneIsAnOptionOfTheFactoryOnly() {
        JavaTimeSerializerFactory plain = JavaTimeSerializerFactory.compactInline();
        JavaTimeSerializerFactory zoned = plain.withMigrationZone(ZONE);
        assertNull(plain.migrationZone());
        assertEquals(ZONE, zoned.migrationZone());
        assertEquals(ZoneOffset.UTC, zoned.withMigrationZone(ZoneOffset.UTC).migrationZone());
        assertNull(zoned.withMigrationZone(null).migrationZone());
        assertEquals(ZONE, zoned.migrationZone());
    }

    private static List<SerializerFactory> factories(ZoneId zone) {
        return Arrays.asList(JavaTimeSerializerFactory.compactInline().withMigrationZone(zone).newSerializerFactory(),
                JavaTimeSerializerFactory.compatible().withMigrationZone(zone).newSerializerFactory());
    }

    static {
        if (CLASSES.stream().map(c -> c.getName().length()).distinct().count() != 1) {
            fail("the renamed classes need names of one length");
        }
    }
}
