package io.github.hessiantime;

import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.hessian.WireType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input: every case is a {@link TimeDecodingException} that names the type and the problem. */
class DecodingErrorsTest {

    @Test
    void truncatedPayload() throws Exception {
        byte[] valid = compact(WireType.INSTANT, bin(0x18, 0x7a, 0x4c, 0xb1, 0xb0, 0x85, 0xe1, 0x15));
        expect(Instant.class, Problem.TRUNCATED, Arrays.copyOf(valid, valid.length - 3));
        expect(Instant.class, Problem.TRUNCATED, compact(WireType.INSTANT, new byte[0]));
        // A chunked binary whose final chunk never comes.
        expect(Instant.class, Problem.TRUNCATED, compact(WireType.INSTANT, bytes('A', 0, 2, 1, 2)));
    }

    @Test
    void lengthsThatNoTierHas() throws Exception {
        expect(Instant.class, Problem.BAD_LENGTH, compact(WireType.INSTANT, bin(1, 2, 3, 4, 5)));
        expect(Instant.class, Problem.BAD_LENGTH, compact(WireType.INSTANT, bin(new byte[10])));
        expect(LocalDateTime.class, Problem.BAD_LENGTH, compact(WireType.LOCAL_DATE_TIME, bin(new byte[0])));
        expect(LocalDate.class, Problem.BAD_LENGTH, compact(WireType.LOCAL_DATE, bin(new byte[6])));
        expect(java.time.LocalTime.class, Problem.BAD_LENGTH, compact(WireType.LOCAL_TIME, bin(new byte[7])));
        expect(java.time.MonthDay.class, Problem.BAD_LENGTH, compact(WireType.MONTH_DAY, bin(1, 1, 1)));
        expect(java.time.Year.class, Problem.BAD_LENGTH, compact(WireType.YEAR, bin(new byte[5])));
        expect(java.time.Duration.class, Problem.BAD_LENGTH, compact(WireType.DURATION, bin(new byte[9])));
        expect(java.time.Period.class, Problem.BAD_LENGTH, compact(WireType.PERIOD, bin(0x80)));
        expect(java.time.Period.class, Problem.BAD_LENGTH, compact(WireType.PERIOD, bin(2, 2, 2, 2)));
        // Zone id length byte pointing past the end of the payload.
        expect(ZonedDateTime.class, Problem.BAD_LENGTH, compact(WireType.ZONED_DATE_TIME, bin(0, 40, 'U', 'T', 'C')));
    }

    @Test
    void absurdLengthsAreRejectedBeforeAnythingIsRead() throws Exception {
        // 65535 bytes announced, none present: a reader that trusted the length would report truncation instead.
        expect(Instant.class, Problem.BAD_LENGTH, compact(WireType.INSTANT, bytes('B', 0xff, 0xff)));
        expect(ZoneId.class, Problem.BAD_LENGTH, compact(WireType.ZONE_ID, bytes(0x37, 0xff)));
        // Chunks that add up past the maximum.
        byte[] chunks = new byte[3 + 10 + 3 + 10];
        chunks[0] = 'A';
        chunks[2] = 10;
        chunks[13] = 'B';
        chunks[15] = 10;
        expect(Instant.class, Problem.BAD_LENGTH, compact(WireType.INSTANT, chunks));
    }

    @Test
    void outOfRangeFields() throws Exception {
        // 11-byte tier with nanos = 10^9.
        expect(Instant.class, Problem.OUT_OF_RANGE,
                compact(WireType.INSTANT, bin(0, 0, 0, 0, 0, 0, 0, 0x3b, 0x9a, 0xca, 0x00)));
        // 11-byte tier with seconds past Instant.MAX.
        expect(Instant.class, Problem.OUT_OF_RANGE,
                compact(WireType.INSTANT, bin(0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0)));
        expect(LocalDateTime.class, Problem.OUT_OF_RANGE,
                compact(WireType.LOCAL_DATE_TIME, bin(0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0)));
        expect(LocalDate.class, Problem.OUT_OF_RANGE, compact(WireType.LOCAL_DATE, bin(0x7f, 0xff, 0xff, 0xff, 0xff)));
        // Second of day 86400.
        expect(java.time.LocalTime.class, Problem.OUT_OF_RANGE, compact(WireType.LOCAL_TIME, bin(0x01, 0x51, 0x80)));
        expect(java.time.LocalTime.class, Problem.OUT_OF_RANGE, compact(WireType.LOCAL_TIME, bin(24)));
        // Month 13, and February 30.
        expect(java.time.MonthDay.class, Problem.OUT_OF_RANGE, compact(WireType.MONTH_DAY, bin(13, 1)));
        expect(java.time.MonthDay.class, Problem.OUT_OF_RANGE, compact(WireType.MONTH_DAY, bin(2, 30)));
        // 73 quarter hours is +18:15; the escape with 64801 seconds.
        expect(java.time.ZoneOffset.class, Problem.OUT_OF_RANGE, compact(WireType.ZONE_OFFSET, bin(73)));
        expect(java.time.ZoneOffset.class, Problem.OUT_OF_RANGE, compact(WireType.ZONE_OFFSET, bin(0x80, 0x00, 0xfd, 0x21)));
        expect(java.time.OffsetDateTime.class, Problem.OUT_OF_RANGE,
                compact(WireType.OFFSET_DATE_TIME, bin(-73, 0, 0, 0, 0)));
        expect(java.time.Year.class, Problem.OUT_OF_RANGE, compact(WireType.YEAR, bin(0x7f, 0xff, 0xff, 0xff)));
        expect(java.time.YearMonth.class, Problem.OUT_OF_RANGE, compact(WireType.YEAR_MONTH, bin(0x7f, 0xff, 0xff, 0xff, 0xff)));
        // Zero seconds, then 10^9 nanos as a varint.
        expect(java.time.Duration.class, Problem.OUT_OF_RANGE, compact(WireType.DURATION, bin(0, 0x80, 0x94, 0xeb, 0xdc, 0x03)));
        // A varint of six bytes, and one of five that overflows 32 bits.
        expect(java.time.Period.class, Problem.OUT_OF_RANGE, compact(WireType.PERIOD, bin(0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 0, 0)));
        expect(java.time.Period.class, Problem.OUT_OF_RANGE, compact(WireType.PERIOD, bin(0xff, 0xff, 0xff, 0xff, 0x1f, 0, 0)));
    }

    @Test
    void wrongHessianTypes() throws Exception {
        expect(Instant.class, Problem.WRONG_TYPE, compact(WireType.INSTANT, bytes(0x91)));        // int 1
        expect(Instant.class, Problem.WRONG_TYPE, compact(WireType.INSTANT, bytes(0x01, 'x')));   // string "x"
        expect(Instant.class, Problem.WRONG_TYPE, compact(WireType.INSTANT, bytes('N')));         // null
        // A typed read of Instant that finds an int, a map or a list instead of an object.
        assertProblem(Instant.class, Problem.WRONG_TYPE, () -> Hessian.readTyped(Hessian.compactFactory(),
                bytes(0x91), Instant.class));
        assertProblem(Instant.class, Problem.WRONG_TYPE, () -> Hessian.readTyped(Hessian.compactFactory(),
                Hessian.write(Hessian.compactFactory(), new java.util.HashMap<>()), Instant.class));
        assertProblem(Instant.class, Problem.WRONG_TYPE, () -> Hessian.readTyped(Hessian.compactFactory(),
                Hessian.write(Hessian.compactFactory(), Arrays.asList(1, 2)), Instant.class));
    }

    @Test
    void unknownFormatVersions() throws Exception {
        // A later version would use another field name for ht.Instant; so would a hand-made stream.
        expect(Instant.class, Problem.UNKNOWN_FORMAT_VERSION,
                classDefinition("ht.Instant", new String[]{"epochSecond"}, bin(0, 0, 0, 0)));
        // Year has no unreferenced framing: another type's unreferenced field name is no version of it.
        expect(java.time.Year.class, Problem.UNKNOWN_FORMAT_VERSION,
                classDefinition("ht.Year", new String[]{"month"}, bin(0)));
        expect(Instant.class, Problem.UNKNOWN_FORMAT_VERSION,
                classDefinition("ht.Instant", new String[]{"nanos", "v2"}, bin(0, 0, 0, 0), bytes(0x90)));
        // A class definition named java.time.Instant: Instant has no such format, and a reader is not told the
        // definition's name, so it cannot tell this from a value of another type.
        expect(Instant.class, Problem.TYPE_MISMATCH,
                classDefinition("java.time.Instant", new String[]{"epoch"}, bytes(0x90)));
    }

    @Test
    void invalidZoneIds() throws Exception {
        expect(ZoneId.class, Problem.INVALID_ZONE, compact(WireType.ZONE_ID, bin(ascii("Nowhere/Xyz"))));
        expect(ZoneId.class, Problem.INVALID_ZONE, compact(WireType.ZONE_ID, bin(ascii("A"))));
        expect(ZoneId.class, Problem.INVALID_ZONE, compact(WireType.ZONE_ID, bin(ascii("+01:00"))));
        expect(ZoneId.class, Problem.INVALID_ZONE, compact(WireType.ZONE_ID, bin('E', 'u', 0xff, 'x')));
        expect(ZoneId.class, Problem.INVALID_ZONE, compact(WireType.ZONE_ID, bin(ascii("Europe/../etc"))));
        expect(ZonedDateTime.class, Problem.INVALID_ZONE,
                compact(WireType.ZONED_DATE_TIME, bin(concat(bytes(0, 4), ascii("Mars"), bytes(0, 0, 0, 0)))));
        // hessian-lite's handle format with an absurdly long id.
        char[] longId = new char[1000];
        Arrays.fill(longId, 'a');
        expect(ZoneId.class, Problem.INVALID_ZONE, handle("ZoneIdHandle", new String[]{"zoneId"}, new String(longId)));
    }

    /** hessian-lite's own readers return null on these; ours say what is wrong. */
    @Test
    void badHandleFormatValues() throws Exception {
        expect(Instant.class, Problem.OUT_OF_RANGE, handle("InstantHandle", new String[]{"seconds", "nanos"}, 0L, 2_000_000_000));
        expect(Instant.class, Problem.MISSING_FIELD, handle("InstantHandle", new String[]{"seconds"}, 0L));
        expect(LocalDate.class, Problem.OUT_OF_RANGE, handle("LocalDateHandle", new String[]{"year", "month", "day"}, 2025, 13, 1));
        expect(java.time.Duration.class, Problem.WRONG_TYPE, handle("DurationHandle", new String[]{"seconds", "nanos"}, "x", 0));
        // compactMode: an epoch day past LocalDate.MAX, and a LocalDateTime without its time.
        expect(LocalDate.class, Problem.OUT_OF_RANGE, classDefinition("java.time.LocalDate", new String[0], bytes('L', 0x7f, 0, 0, 0, 0, 0, 0, 0)));
        expect(LocalDateTime.class, Problem.TYPE_MISMATCH, classDefinition("java.time.LocalDateTime", new String[]{"time"}, bytes(0x90)));
    }

    @Test
    void messagesNameTheTypeAndTheProblem() throws Exception {
        TimeDecodingException e = assertThrows(TimeDecodingException.class, () ->
                Hessian.readOne(Hessian.compactFactory(), compact(WireType.MONTH_DAY, bin(13, 1))));
        assertTrue(e.getMessage().startsWith("java.time.MonthDay: value out of range:"), e.getMessage());
        assertEquals(java.time.MonthDay.class, e.type());
    }

    // --- helpers ---

    private static void expect(Class<?> type, Problem problem, byte[] stream) {
        assertProblem(type, problem, () -> Hessian.readOne(Hessian.compactFactory(), stream));
        assertProblem(type, problem, () -> Hessian.readOne(Hessian.compatibleFactory(), stream));
    }

    private static void assertProblem(Class<?> type, Problem problem, Read read) {
        TimeDecodingException e = assertThrows(TimeDecodingException.class, read::run);
        assertEquals(problem, e.problem(), e.getMessage());
        assertEquals(type, e.type(), e.getMessage());
        assertTrue(e.getMessage().startsWith(type.getName() + ": "), e.getMessage());
    }

    private interface Read {
        Object run() throws Exception;
    }

    private static byte[] compact(WireType wire, byte[] value) throws IOException {
        return Hessian.compactObject(wire, value);
    }

    /** A class definition and one object of it, whose field values follow as raw bytes. */
    private static byte[] classDefinition(String type, String[] fields, byte[]... values) throws IOException {
        return Hessian.objectStream(type, fields, out -> { }, values);
    }

    /** hessian-lite's handle class with the given fields and values, as its own serializer would write it. */
    private static byte[] handle(String simpleName, String[] fields, Object... values) throws IOException {
        return Hessian.objectStream(WireType.HESSIAN_LITE_HANDLE_PACKAGE + simpleName, fields, out -> {
            for (Object value : values) {
                out.writeObject(value);
            }
        });
    }

    private static byte[] bin(int... payload) {
        return bin(bytes(payload));
    }

    private static byte[] bin(byte[] payload) {
        if (payload.length > 15) {
            throw new IllegalArgumentException("short binary only");
        }
        return concat(bytes(0x20 + payload.length), payload);
    }

    private static byte[] bytes(int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.write(part, 0, part.length);
        }
        return out.toByteArray();
    }
}
