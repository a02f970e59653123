package io.github.hessiantime;

import io.github.hessiantime.testsupport.EdgeCorpus;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;

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
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code roundTrip(expectedLength, value)}: the value's size in a stream that already holds one value of its type
 * (so the class definition is written), and that every reader gives back an equal value.
 */
class RoundTripTest {
    private static final int FIRST_VALUE_BUDGET = 32;

    @Test
    void instant() throws Exception {
        roundTrip(6, Instant.EPOCH);
        roundTrip(6, Instant.parse("2025-11-22T10:15:30Z"));
        roundTrip(6, Instant.parse("2106-02-07T06:28:15Z"));
        roundTrip(8, Instant.parse("2106-02-07T06:28:16Z"));
        roundTrip(8, Instant.parse("1969-07-20T20:17:40Z"));
        roundTrip(8, Instant.parse("2025-11-22T10:15:30.123Z"));
        roundTrip(8, Instant.parse("1969-12-31T23:59:59.500Z"));
        roundTrip(9, Instant.parse("2025-11-22T10:15:30.123456Z"));
        roundTrip(10, Instant.parse("2025-11-22T10:15:30.123456789Z"));
        roundTrip(10, Instant.parse("1969-12-31T23:59:59.999999999Z"));
        roundTrip(10, Instant.parse("2262-04-11T23:47:16.854775807Z"));
        roundTrip(13, Instant.parse("2262-04-11T23:47:16.854775808Z"));
        roundTrip(13, Instant.parse("1600-02-29T12:00:00.000000001Z"));
        roundTrip(13, Instant.parse("+10000-01-01T00:00:00Z"));
        roundTrip(13, Instant.parse("-10000-12-31T23:59:59.999999999Z"));
        roundTrip(13, Instant.MIN);
        roundTrip(13, Instant.MAX);
    }

    @Test
    void localDateTime() throws Exception {
        roundTrip(6, LocalDateTime.parse("1970-01-01T00:00"));
        roundTrip(6, LocalDateTime.parse("2025-11-22T10:15:30"));
        roundTrip(8, LocalDateTime.parse("2025-11-22T10:15:30.123"));
        roundTrip(9, LocalDateTime.parse("2025-11-22T10:15:30.123456"));
        roundTrip(10, LocalDateTime.parse("2025-11-22T10:15:30.123456789"));
        roundTrip(10, LocalDateTime.parse("2024-02-29T23:59:59.999999999"));
        roundTrip(10, LocalDateTime.parse("1969-12-31T23:59:59.999999999"));
        roundTrip(13, LocalDateTime.parse("1600-02-29T00:00:00.000000001"));
        roundTrip(13, LocalDateTime.parse("+10000-01-01T00:00"));
        roundTrip(13, LocalDateTime.MIN);
        roundTrip(13, LocalDateTime.MAX);
    }

    @Test
    void localDate() throws Exception {
        roundTrip(3, LocalDate.parse("1970-01-01"));
        roundTrip(4, LocalDate.parse("2025-11-22"));
        roundTrip(4, LocalDate.parse("2024-02-29"));
        roundTrip(3, LocalDate.parse("1969-12-31"));
        roundTrip(5, LocalDate.parse("1600-02-29"));
        roundTrip(5, LocalDate.parse("+10000-01-01"));
        roundTrip(7, LocalDate.MIN);
        roundTrip(7, LocalDate.MAX);
    }

    @Test
    void localTime() throws Exception {
        roundTrip(3, LocalTime.MIDNIGHT);
        roundTrip(3, LocalTime.parse("10:00"));
        roundTrip(4, LocalTime.parse("10:15"));
        roundTrip(5, LocalTime.parse("10:15:30"));
        roundTrip(6, LocalTime.parse("10:15:30.123"));
        roundTrip(7, LocalTime.parse("10:15:30.123456"));
        roundTrip(8, LocalTime.MAX);
    }

    @Test
    void offsetAndZonedDateTimes() throws Exception {
        roundTrip(6, OffsetTime.parse("10:15:30+01:00"));
        roundTrip(9, OffsetTime.parse("10:15:30-04:56:02"));
        roundTrip(9, OffsetTime.MAX);
        roundTrip(9, OffsetDateTime.parse("2025-11-22T10:15:30.123+08:00"));
        roundTrip(11, OffsetDateTime.parse("2024-02-29T23:59:59.999999999-18:00"));
        roundTrip(12, OffsetDateTime.parse("1890-01-01T00:00+05:53:28"));
        roundTrip(14, OffsetDateTime.MIN);
        // payload: offset 1 + zone length 1 + "America/New_York" 16 + seconds 4 = 22, so a 2-byte binary header
        roundTrip(25, ZonedDateTime.parse("2025-11-02T01:30-05:00[America/New_York]"));
        roundTrip(25, ZonedDateTime.parse("2025-11-02T01:30-04:00[America/New_York]"));
        roundTrip(26, ZonedDateTime.parse("2025-11-22T10:15:30.123456789+08:00[Asia/Shanghai]"));
        roundTrip(8, ZonedDateTime.parse("2025-11-22T10:15:30Z"));
        roundTrip(11, ZonedDateTime.parse("2025-11-22T10:15:30Z[UTC]"));
        roundTrip(30, ZonedDateTime.parse("1850-01-01T00:00-04:56:02[America/New_York]"));
        roundTrip(15, ZonedDateTime.of(LocalDateTime.MAX, ZoneOffset.MIN));
    }

    @Test
    void zones() throws Exception {
        roundTrip(15, ZoneId.of("Asia/Shanghai"));
        roundTrip(5, ZoneId.of("UTC"));
        roundTrip(11, ZoneId.of("GMT+01:00"));
        roundTrip(3, ZoneOffset.UTC);
        roundTrip(3, ZoneOffset.MAX);
        roundTrip(3, ZoneOffset.MIN);
        roundTrip(3, ZoneOffset.of("+05:45"));
        roundTrip(6, ZoneOffset.of("-04:56:02"));
    }

    @Test
    void amounts() throws Exception {
        roundTrip(3, Duration.ZERO);
        roundTrip(3, Duration.ofSeconds(30));
        roundTrip(7, Duration.ofMillis(250));
        roundTrip(5, Duration.ofHours(24));
        roundTrip(12, Duration.ofNanos(Long.MAX_VALUE));
        roundTrip(11, Duration.ofNanos(Long.MIN_VALUE));
        roundTrip(12, Duration.ofSeconds(Long.MIN_VALUE));
        roundTrip(17, Duration.ofSeconds(Long.MAX_VALUE, 999_999_999));
        roundTrip(2, Period.ZERO);
        roundTrip(3, Period.ofDays(1));
        roundTrip(4, Period.ofMonths(1));
        roundTrip(5, Period.of(1, 2, 3));
        roundTrip(17, Period.of(Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE));
    }

    @Test
    void yearsAndMonths() throws Exception {
        roundTrip(3, Year.of(2025));
        roundTrip(4, Year.of(0));
        roundTrip(6, Year.of(Year.MAX_VALUE));
        roundTrip(6, Year.of(Year.MIN_VALUE));
        roundTrip(4, YearMonth.of(2025, 11));
        roundTrip(5, YearMonth.of(10000, 12));
        roundTrip(7, YearMonth.of(Year.MIN_VALUE, 1));
        roundTrip(4, MonthDay.of(2, 29));
    }

    /** The whole edge corpus: equal after a round trip through every reader, alone and after a first value. */
    @Test
    void everyEdgeValue() throws Exception {
        for (Object value : EdgeCorpus.all()) {
            roundTrip(-1, value);
        }
    }

    @Test
    void theSameInstanceTwiceIsABackReference() throws Exception {
        for (Object value : EdgeCorpus.all()) {
            byte[] once = Hessian.write(Hessian.compactFactory(), value);
            byte[] twice = Hessian.write(Hessian.compactFactory(), value, value);
            assertEquals(once.length + 2, twice.length, "a back reference is 2 bytes: " + value);
            List<Object> back = Hessian.read(Hessian.compactFactory(), twice, 2);
            assertEquals(value, back.get(0));
            assertSame(back.get(0), back.get(1));
        }
    }

    /**
     * hessian-lite splits a binary into 'A' chunks when it meets the end of its 8 KiB buffer. Long payloads written
     * at every offset around that boundary must still decode.
     */
    @Test
    void payloadsSplitAtTheOutputBufferBoundary() throws Exception {
        ZonedDateTime zoned = ZonedDateTime.parse("2024-02-29T23:59:59.999999999-03:00[America/Argentina/ComodRivadavia]");
        boolean sawChunk = false;
        // Read at run time: the constant differs between hessian-lite 4.0.x (8 KiB) and 3.2.x (4 KiB).
        int bufferSize = com.alibaba.com.caucho.hessian.io.Hessian2Output.class.getField("SIZE").getInt(null);
        for (int filler = bufferSize - 400; filler < bufferSize; filler++) {
            byte[] padding = new byte[filler];
            byte[] stream = Hessian.write(Hessian.compactFactory(), padding, zoned, Instant.MAX);
            List<Object> back = Hessian.read(Hessian.compactFactory(), stream, 3);
            assertEquals(zoned, back.get(1), "after " + filler + " bytes");
            assertEquals(Instant.MAX, back.get(2));
            sawChunk |= Hessian.hex(stream).contains("41 00"); // an 'A' chunk header with a short length
        }
        assertTrue(sawChunk, "no payload was split: the test did not reach the buffer boundary");
    }

    /**
     * @param expectedLength size of the value after a first value of the same type, or -1 to skip that check
     */
    private static void roundTrip(int expectedLength, Object value) throws Exception {
        SerializerFactory compact = Hessian.compactFactory();
        Object primer = EdgeCorpus.primerFor(value);
        byte[] primerAlone = Hessian.write(compact, primer);
        byte[] both = Hessian.write(compact, primer, value);
        if (expectedLength >= 0) {
            assertEquals(expectedLength, both.length - primerAlone.length, "size after a first value: " + value);
        }
        for (SerializerFactory reader : new SerializerFactory[]{compact, Hessian.compatibleFactory()}) {
            List<Object> back = Hessian.read(reader, both, 2);
            assertEquals(primer, back.get(0));
            assertEquals(value, back.get(1), "read back with " + reader);
        }

        byte[] alone = Hessian.write(compact, value);
        assertEquals(value, Hessian.readOne(compact, alone));
        if (value instanceof Instant || value instanceof LocalDateTime) {
            assertTrue(alone.length <= FIRST_VALUE_BUDGET, "first value in a fresh stream: " + alone.length
                    + " bytes for " + value);
        }
    }

    /** A value of the same type that is never the same instance as a test value (java.time caches some). */
}
