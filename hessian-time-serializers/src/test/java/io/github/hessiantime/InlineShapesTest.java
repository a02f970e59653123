package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.InlineShapes.Event;
import io.github.hessiantime.InlineShapes.EventClass;
import io.github.hessiantime.InlineShapes.Shadow;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 24: records inline, built through their canonical constructor; hidden fields (a subclass's field of the same
 * name) named apart so both arrive; class and record read into each other. The bytes are the golden vectors of
 * {@code golden/inline-v1-shapes.hex}. On both hessian-lite lines (records too: the type-safe reader makes them on
 * 3.2.x, whose own reader cannot).
 */
class InlineShapesTest {
    private final SerializerFactory inline = JavaTimeSerializerFactory.compactInline().newSerializerFactory();

    private static final Event EVENT = (Event) InlineShapes.goldenValues().get("record");

    @Test
    void theGoldenShapesAreWrittenAndReadBack() throws Exception {
        Map<String, Object> values = InlineShapes.goldenValues();
        List<String[]> lines = goldenLines();
        assertEquals(new ArrayList<>(values.keySet()), lines.stream().map(l -> l[0]).collect(
                java.util.stream.Collectors.toList()));
        for (String[] line : lines) {
            Object value = values.get(line[0]);
            byte[] bytes = Hessian.unhex(line[2]);
            assertEquals(line[1], value.toString());
            assertEquals(Hessian.hex(bytes), Hessian.hex(Hessian.write(inline, value)), line[0]);
            assertEquals(value, Hessian.readOne(inline, bytes), line[0]);
            assertEquals(value, Hessian.readTyped(inline, bytes, value.getClass()), line[0]);
        }
    }

    private static List<String[]> goldenLines() throws IOException {
        List<String[]> lines = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                InlineShapesTest.class.getResourceAsStream("/golden/inline-v1-shapes.hex"), StandardCharsets.UTF_8))) {
            for (String line; (line = reader.readLine()) != null; ) {
                if (!line.isEmpty() && !line.startsWith("#")) {
                    lines.add(line.split("\t"));
                }
            }
        }
        return lines;
    }

    /** The issue measured a record at 117 bytes (object form) where the class with its fields took 70 inline. */
    @Test
    void aRecordIsInlineAsTheClassWithItsFieldsIs() {
        int record = Hessian.write(inline, EVENT).length;
        int sameFields = Hessian.write(inline, new EventClass(EVENT)).length;
        int nameDifference = EventClass.class.getName().length() - Event.class.getName().length();
        assertEquals(sameFields - nameDifference, record);
        int objectForm = Hessian.write(new SerializerFactory(), EVENT).length;
        assertTrue(objectForm > record + 40, record + " bytes inline, " + objectForm + " in hessian-lite's form");
    }

    /** Normalises in its canonical constructor: what comes back went through it. */
    record Normalised(String code, Instant at) implements Serializable {
        Normalised {
            code = code == null ? "none" : code.trim().toUpperCase();
            if (at != null && at.isBefore(Instant.EPOCH)) {
                throw new IllegalArgumentException("before the epoch: " + at);
            }
        }
    }

    @Test
    void aRecordIsMadeByItsCanonicalConstructor() throws Exception {
        Normalised back = (Normalised) Hessian.readOne(inline, Hessian.write(inline, new Normalised("ab", null)));
        assertEquals("AB", back.code());
        // a stream without the component (written by a class lacking it): the constructor gets null and decides
        byte[] noCode = new CraftedStream().object("ht:" + Normalised.class.getName(), "@1", "I:at").sentinel()
                .raw('N').bytes();
        assertEquals("none", ((Normalised) Hessian.readOne(inline, noCode)).code());
        // a value the constructor refuses: an error naming the record, never a record with unchecked fields
        byte[] refused = new CraftedStream().object("ht:" + Normalised.class.getName(), "@1", "code", "I:at")
                .sentinel().string("x").raw(0x4a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff).bytes();
        IOException e = assertThrows(IOException.class, () -> Hessian.readOne(inline, refused));
        assertTrue(e.getMessage().contains(Normalised.class.getName()) && e.getMessage().contains("before the epoch"),
                e.getMessage());
    }

    @Test
    void aRecordKeepsItsReferences() throws Exception {
        List<Object> twice = Arrays.asList(EVENT, EVENT, new Object[]{EVENT});
        List<?> back = (List<?>) Hessian.readOne(inline, Hessian.write(inline, twice));
        assertEquals(EVENT, back.get(0));
        assertSame(back.get(0), back.get(1));
        assertSame(back.get(0), ((Object[]) back.get(2))[0]);
    }

    // A record's fields are read at once through one method handle (RecordShape.componentReader), a class's one by
    // one: every field type is still written with the Hessian call hessian-lite uses for it.
    record Every(boolean flag, byte b, short s, int i, long l, float f, double d, char c, String text,
                 java.util.Date date, List<String> tags, Instant at, LocalDateTime ldt) implements Serializable {
    }

    @Test
    void aRecordOfEveryFieldTypeIsWrittenFieldByFieldAsHessianLiteWritesThem() throws Exception {
        Every plain = new Every(true, Byte.MIN_VALUE, Short.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, -1.5f,
                Double.MAX_VALUE, '\u00e9', "text", new java.util.Date(1_700_000_000_123L),
                new ArrayList<>(Arrays.asList("a", "b")), null, null);
        byte[] expected = new CraftedStream().object("ht:" + Every.class.getName(), "@1", "flag", "b", "s", "i", "l",
                        "f", "d", "c", "text", "date", "tags", "I:at", "DT:ldt").sentinel()
                .value(true).value(Byte.MIN_VALUE).value(Short.MAX_VALUE).value(Integer.MIN_VALUE)
                .value(Long.MAX_VALUE).value(-1.5f).value(Double.MAX_VALUE).value('\u00e9').value("text")
                .value(new java.util.Date(1_700_000_000_123L)).value(new ArrayList<>(Arrays.asList("a", "b")))
                .raw('N', 'N').bytes();
        assertEquals(Hessian.hex(expected), Hessian.hex(Hessian.write(inline, plain)));
        assertEquals(plain, Hessian.readOne(inline, expected));

        Every timed = new Every(false, (byte) 7, (short) -300, 70_000, -1L, Float.NaN, 0.5, '\uffff', null, null,
                null, Instant.ofEpochSecond(1_700_000_000L, 123_456_789), LocalDateTime.of(2026, 11, 28, 18, 30, 1, 5));
        List<Every> both = Arrays.asList(plain, timed, plain);
        byte[] bytes = Hessian.write(inline, both);
        List<?> back = (List<?>) Hessian.readOne(inline, bytes);
        assertEquals(both, back);
        assertSame(back.get(0), back.get(2));
        // many times, past the count where the JVM specialises the record's method handle: the same bytes
        for (int k = 0; k < 2_000; k++) {
            assertArrayEquals(bytes, Hessian.write(inline, both));
        }
    }

    // More components than one method handle takes (RecordShape.componentReader): read one field at a time
    record Wide(int c0, int c1, int c2, int c3, int c4, int c5, int c6, int c7, int c8, int c9, int c10, int c11,
                int c12, int c13, int c14, int c15, int c16, int c17, int c18, int c19, int c20, int c21, int c22,
                int c23, int c24, int c25, int c26, int c27, int c28, int c29, int c30, int c31, int c32, int c33,
                int c34, int c35, int c36, int c37, int c38, int c39, int c40, int c41, int c42, int c43, int c44,
                int c45, int c46, int c47, int c48, int c49, int c50, int c51, int c52, int c53, int c54, int c55,
                int c56, int c57, int c58, int c59, int c60, int c61, int c62, int c63, int c64,
                Instant at) implements Serializable {
    }

    @Test
    void aRecordWithMoreComponentsThanOneHandleTakesIsWrittenAsWell() throws Exception {
        Object[] values = new Object[66];
        String[] names = new String[67];
        names[0] = "@1";
        for (int i = 0; i < 65; i++) {
            values[i] = i * 1_000 - 7;
            names[i + 1] = "c" + i;
        }
        values[65] = null;
        names[66] = "I:at";
        Wide wide = (Wide) Wide.class.getDeclaredConstructors()[0].newInstance(values);
        CraftedStream expected = new CraftedStream().object("ht:" + Wide.class.getName(), names).sentinel();
        for (int i = 0; i < 65; i++) {
            expected.value(values[i]);
        }
        byte[] bytes = expected.raw('N').bytes();
        assertEquals(Hessian.hex(bytes), Hessian.hex(Hessian.write(inline, wide)));
        assertEquals(wide, Hessian.readOne(inline, bytes));
    }

    // A definition that holds a record's components in their order (its own, inline fields last) is read straight into
    // the canonical constructor, one call per arity up to ten components; any other definition through an array.
    record NoComponent() implements Serializable {
    }

    record OneInstant(Instant at) implements Serializable {
    }

    record Mixed(long id, String name, short s, char c, double d, LocalDate day, Instant at) implements Serializable {
    }

    record Eleven(int c0, int c1, int c2, int c3, int c4, int c5, int c6, int c7, int c8, String c9, Instant at)
            implements Serializable {
    }

    record Counted(String id, long n, Instant at) implements Serializable {
    }

    record Stamp(long at) implements Serializable {
    }

    @Test
    void aRecordIsReadWithEachComponentInItsPlace() throws Exception {
        Instant at = Instant.ofEpochSecond(1_700_000_000L, 123_000_000);
        // per record: the value, and where they can be spelt out without an inline value, its bytes
        Object[][] cases = {
                // no inline field, so hessian-lite's form: a definition of no fields, read by the type-safe reader
                {new NoComponent(), new CraftedStream().object(NoComponent.class.getName()).bytes()},
                {new OneInstant(at), null},
                {new OneInstant(null), new CraftedStream().object("ht:" + OneInstant.class.getName(), "@1", "I:at")
                        .sentinel().raw('N').bytes()},
                {new Counted("c", 41L, null), new CraftedStream().object("ht:" + Counted.class.getName(), "@1", "id",
                        "n", "I:at").sentinel().string("c").value(41L).raw('N').bytes()},
                {new Mixed(-7L, "n", (short) -2, 'x', 0.25, LocalDate.of(2026, 11, 29), at), null},
                {new Mixed(Long.MAX_VALUE, null, Short.MIN_VALUE, '\0', -1.5, null, null), null},
                {new Eleven(1, 2, 3, 4, 5, 6, 7, 8, 9, "ten", at), null},
                {new Counted("c", 41L, at), null},
        };
        for (Object[] c : cases) {
            Object value = c[0];
            byte[] bytes = Hessian.write(inline, value);
            if (c[1] != null) {
                assertEquals(Hessian.hex((byte[]) c[1]), Hessian.hex(bytes), value.toString());
            }
            // the records of a list, many times: past the count where the JVM specialises the constructor's handle
            List<Object> three = Arrays.asList(value, value, value);
            byte[] listBytes = Hessian.write(inline, three);
            for (int n = 0; n < 300; n++) {
                assertEquals(value, Hessian.readOne(inline, bytes));
                assertEquals(value, Hessian.readTyped(inline, bytes, value.getClass()));
                List<?> back = (List<?>) Hessian.readOne(inline, listBytes);
                assertEquals(three, back);
                assertSame(back.get(0), back.get(2));
            }
            assertEquals(Hessian.hex(bytes), Hessian.hex(Hessian.write(inline, Hessian.readOne(inline, bytes))));
        }
        // a Hessian null for a primitive component, plain or inline, is its zero, as hessian-lite's readers make it
        byte[] nullCount = new CraftedStream().object("ht:" + Counted.class.getName(), "@1", "id", "n", "I:at")
                .sentinel().string("c").raw('N', 'N').bytes();
        assertEquals(new Counted("c", 0L, null), Hessian.readOne(inline, nullCount));
        byte[] nullStamp = new CraftedStream().object("ht:" + Stamp.class.getName(), "@1", "I:at").sentinel()
                .raw('N').bytes();
        assertEquals(new Stamp(0L), Hessian.readOne(inline, nullStamp));
        // the same components in another order, and one named twice (the last value wins): each in its place
        byte[] reordered = new CraftedStream().object("ht:" + Counted.class.getName(), "@1", "n", "id", "I:at")
                .sentinel().value(5L).string("r").raw('N').bytes();
        assertEquals(new Counted("r", 5L, null), Hessian.readOne(inline, reordered));
        byte[] twice = new CraftedStream().object("ht:" + Counted.class.getName(), "@1", "id", "n", "id")
                .sentinel().string("first").value(6L).string("last").bytes();
        assertEquals(new Counted("last", 6L, null), Hessian.readOne(inline, twice));
    }

    // --- class <-> record: the stream names the writer's class, renamed (same length) to the reader's

    record RecA(String id, Instant at, LocalDate day, long n) implements Serializable {
    }

    static final class ClsA implements Serializable {
        String id;
        Instant at;
        LocalDate day;
        long n;
    }

    private Object readRenamed(Object written, Class<?> readAs, Class<?> typed) throws IOException {
        String from = written.getClass().getName();
        assertEquals(from.length(), readAs.getName().length());
        byte[] renamed = new String(Hessian.write(inline, written), StandardCharsets.ISO_8859_1)
                .replace(from, readAs.getName()).getBytes(StandardCharsets.ISO_8859_1);
        return typed == null ? Hessian.readOne(inline, renamed) : Hessian.readTyped(inline, renamed, typed);
    }

    @Test
    void aClassAndARecordOfTheSameFieldsReadIntoEachOther() throws Exception {
        RecA record = new RecA("a", Instant.parse("2025-11-22T10:15:30Z"), LocalDate.parse("2025-11-22"), 7);
        for (Class<?> typed : new Class<?>[]{null, ClsA.class}) {
            ClsA asClass = (ClsA) readRenamed(record, ClsA.class, typed);
            assertEquals(record.id(), asClass.id);
            assertEquals(record.at(), asClass.at);
            assertEquals(record.day(), asClass.day);
            assertEquals(7, asClass.n);
        }
        ClsA cls = new ClsA();
        cls.id = "c";
        cls.at = Instant.parse("2025-11-22T10:15:30.5Z");
        cls.n = 9;
        for (Class<?> typed : new Class<?>[]{null, RecA.class}) {
            assertEquals(new RecA("c", cls.at, null, 9), readRenamed(cls, RecA.class, typed));
        }
    }

    /** A record of every primitive type beside references: what a stream lacks, its canonical constructor gets zero. */
    record RecZ(String id, boolean flag, byte b, short s, int i, long l, float f, double d, char c, Instant at)
            implements Serializable {
    }

    static final class ClsZ implements Serializable {
        String id;
        int i;
    }

    @Test
    void aRecordsComponentsTheStreamLacksAreZerosAndNulls() throws Exception {
        ClsZ written = new ClsZ();
        written.id = "z";
        written.i = 42;
        RecZ expected = new RecZ("z", false, (byte) 0, (short) 0, 42, 0L, 0f, 0d, '\0', null);
        // many reads, each a new record: the defaults of one read never leak into the next
        for (int n = 0; n < 300; n++) {
            for (Class<?> typed : new Class<?>[]{null, RecZ.class}) {
                assertEquals(expected, readRenamed(written, RecZ.class, typed));
            }
        }
        RecZ full = new RecZ("f", true, (byte) 1, (short) 2, 3, 4L, 5f, 6d, 'c', Instant.parse("2025-11-22T10:15:30Z"));
        byte[] bytes = Hessian.write(inline, full);
        assertEquals(full, Hessian.readOne(inline, bytes));
        assertEquals(Hessian.hex(bytes), Hessian.hex(Hessian.write(inline, Hessian.readOne(inline, bytes))));
    }

    // --- hidden fields on one side only

    static class BaseW implements Serializable {
        Instant ts;
    }

    /** The writer's class hides the superclass's Instant with a LocalDateTime. */
    static final class EvtW extends BaseW {
        LocalDateTime ts;
    }

    /** The reader's class of the same name has one LocalDateTime. */
    static final class EvtR implements Serializable {
        LocalDateTime ts;
    }

    static class BaseS implements Serializable {
        Instant ts;
    }

    /** A reader's class that hides a field the writer's class has once. */
    static final class EvtS extends BaseS {
        LocalDateTime ts;
    }

    @Test
    void aHiddenFieldOnOneSideOnlyGoesToTheVisibleOne() throws Exception {
        EvtW written = new EvtW();
        written.ts = LocalDateTime.parse("2025-11-22T18:15:30");
        ((BaseW) written).ts = Instant.parse("2025-11-22T10:15:30Z");
        // the reader has one ts: it gets the visible one, the hidden value has nowhere to go and is skipped
        assertEquals(written.ts, ((EvtR) readRenamed(written, EvtR.class, null)).ts);
        // the reader hides the field too: both arrive
        EvtS both = (EvtS) readRenamed(written, EvtS.class, null);
        assertEquals(written.ts, both.ts);
        assertEquals(((BaseW) written).ts, ((BaseS) both).ts);
        // the writer has one ts: it goes to the reader's visible one, the hidden one keeps its default
        EvtR one = new EvtR();
        one.ts = written.ts;
        EvtS fromOne = (EvtS) readRenamed(one, EvtS.class, null);
        assertEquals(one.ts, fromOne.ts);
        assertNull(((BaseS) fromOne).ts);
    }

    @Test
    void aShadowedPairRoundTripsBothFieldsWhereStockDropsOne() throws Exception {
        Shadow shadow = (Shadow) InlineShapes.goldenValues().get("hidden java.time and String fields");
        assertEquals(shadow, Hessian.readOne(inline, Hessian.write(inline, shadow)));
        SerializerFactory stock = new SerializerFactory();
        Object overStock;
        try {
            overStock = Hessian.readOne(stock, Hessian.write(stock, shadow));
        } catch (IOException e) {
            overStock = null;   // 3.2.x's reflection refuses the superclass's Instant in the LocalDateTime field
        }
        assertTrue(overStock == null || !shadow.equals(overStock), "stock keeps only one of each pair");
        assertArrayEquals(Hessian.write(inline, shadow), Hessian.write(inline, shadow));
    }
}
