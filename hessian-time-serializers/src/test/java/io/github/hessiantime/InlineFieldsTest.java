package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.WireType;
import io.github.hessiantime.payload.PayloadCodec;
import io.github.hessiantime.testsupport.EdgeCorpus;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.Temporal;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalAmount;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Inline java.time fields ({@code JavaTimeSerializerFactory.compactInline()}, what {@code hessian2-time} writes): the
 * values come back equal and of the writer's type, in the sizes the wire format promises, whatever the reader's class
 * declares; on both hessian-lite lines (this class runs in both test executions).
 */
class InlineFieldsTest {
    private final SerializerFactory inline = JavaTimeSerializerFactory.compactInline().newSerializerFactory();

    /** One Instant field, to measure its bytes alone. */
    static final class OneInstant implements Serializable {
        Instant at;

        OneInstant(Instant at) {
            this.at = at;
        }
    }

    static final class OneDate implements Serializable {
        Date at;

        OneDate(Date at) {
            this.at = at;
        }
    }

    /** A row as a service returns it ({@link InlineRow}: an id, a name, and the four inline types). */
    private static InlineRow row(long id, String name, Instant instant, LocalDateTime dateTime, LocalDate date,
                                 LocalTime time) {
        return GoldenRows.fill(new InlineRow(), id, name, instant, dateTime, date, time);
    }

    @Test
    void rowRoundTripsEqualWithTheDefinitionMarked() throws Exception {
        InlineRow row = row(7, "seven", Instant.parse("2025-11-22T10:15:30.123Z"),
                LocalDateTime.parse("2025-11-22T10:15:30.123"), LocalDate.parse("2025-11-22"),
                LocalTime.parse("10:15:30"));
        byte[] bytes = Hessian.write(inline, row, row, row(8, null, null, null, null, null));
        List<Object> back = Hessian.read(inline, bytes, 3);
        assertEquals(row, back.get(0));
        assertTrue(back.get(0) == back.get(1), "the same bean twice is one reference, as over hessian2");
        assertEquals(row(8, null, null, null, null, null), back.get(2));
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        assertTrue(text.contains("ht:" + InlineRow.class.getName()), text);
        for (String field : new String[]{"@1", "I:instant", "DT:dateTime", "D:date", "T:time"}) {
            assertTrue(text.contains(field), field + " in " + text);
        }
    }

    /**
     * After the definition, an instance is: the class reference (1), the sentinel (1), then each field's value. The
     * Instant field costs what a Date field costs over stock hessian-lite.
     */
    @Test
    void anInstantFieldCostsWhatADateFieldCosts() throws Exception {
        Instant millis = Instant.parse("2025-11-22T10:15:30.123Z");
        SerializerFactory stock = new SerializerFactory();
        int dateInstance = laterInstanceLength(stock, new OneDate(new Date(millis.toEpochMilli())));
        assertEquals(1 + 9, dateInstance);
        // every precision is one Hessian long of epoch nanos: 9 bytes
        assertEquals(1 + 1 + 9, laterInstanceLength(inline, new OneInstant(millis)));
        assertEquals(1 + 1 + 9, laterInstanceLength(inline, new OneInstant(Instant.parse("2025-11-22T10:15:30.123456Z"))));
        assertEquals(1 + 1 + 9, laterInstanceLength(inline, new OneInstant(Instant.parse("2025-11-22T10:15:30.123456789Z"))));
        // outside a long of nanos: the reserved long (9), then the payload as a binary (1 + 6 ms tier, 1 + 11 any)
        assertEquals(1 + 1 + 9 + 7, laterInstanceLength(inline, new OneInstant(Instant.parse("1600-02-29T12:00:00Z"))));
        assertEquals(1 + 1 + 9 + 12, laterInstanceLength(inline, new OneInstant(Instant.parse("1600-02-29T12:00:00.000000001Z"))));
        assertEquals(1 + 1 + 1, laterInstanceLength(inline, new OneInstant(null)));
    }

    private static int laterInstanceLength(SerializerFactory factory, Object bean) throws IOException {
        int one = Hessian.write(factory, bean).length;
        int two = Hessian.write(factory, bean, copyOf(bean)).length;
        Object back = Hessian.read(factory, Hessian.write(factory, bean), 1).get(0);
        assertEquals(bean.getClass(), back.getClass());
        return two - one;
    }

    private static Object copyOf(Object bean) {
        if (bean instanceof OneInstant) {
            return new OneInstant(((OneInstant) bean).at);
        }
        return new OneDate(((OneDate) bean).at);
    }

    /**
     * A stream that ends inside an inline value of each type, after any of its 9 bytes but the last, is TRUNCATED,
     * naming the type, never a value.
     */
    @Test
    void aStreamThatEndsInsideAnInlineValueIsTruncated() {
        Object[] lastValues = {LocalTime.MAX, LocalDate.MAX, LocalDateTime.parse("2025-11-22T10:15:30.5"),
                Instant.parse("2025-11-22T10:15:30.123456Z")};
        for (Object value : lastValues) {
            // the value is the row's last field: instant, dateTime, date, time are written in that order, so null
            // the ones after it (one byte each) and cut the stream inside the value's 9 bytes
            InlineRow row = InlineRow.with(value);
            byte[] bytes = Hessian.write(inline, row);
            int fieldsAfter = value instanceof LocalTime ? 3 : value instanceof LocalDate ? 2
                    : value instanceof LocalDateTime ? 1 : 0;
            int valueStart = bytes.length - fieldsAfter - 9;
            for (int kept = 1; kept < 9; kept++) {
                byte[] cut = Arrays.copyOf(bytes, valueStart + kept);
                String what = value + ", " + kept + " of its 9 bytes";
                TimeDecodingException e = assertThrows(TimeDecodingException.class,
                        () -> Hessian.readOne(inline, cut), what);
                assertEquals(TimeDecodingException.Problem.TRUNCATED, e.problem(), what + ": " + e.getMessage());
                assertEquals(value.getClass(), e.type(), what + ": " + e.getMessage());
            }
        }
    }

    @Test
    void everyPrecisionAndTheExtremesComeBackEqual() throws Exception {
        Instant[] instants = {Instant.EPOCH, Instant.parse("1969-12-31T23:59:59.999Z"),
                Instant.parse("1969-12-31T23:59:59.999999999Z"), Instant.parse("2025-11-22T10:15:30.123456Z"),
                Instant.parse("2262-04-11T23:47:16.854775807Z"), Instant.parse("2262-04-11T23:47:16.854775808Z"),
                Instant.parse("1677-09-21T00:12:43.145224192Z"), Instant.parse("1677-09-21T00:12:43.145224191Z"),
                Instant.ofEpochMilli(Long.MAX_VALUE), Instant.ofEpochMilli(Long.MIN_VALUE), Instant.MIN, Instant.MAX};
        LocalDateTime[] dateTimes = {LocalDateTime.MIN, LocalDateTime.MAX, LocalDateTime.parse("1970-01-01T00:00"),
                LocalDateTime.parse("2025-11-22T10:15:30.000001"), LocalDateTime.parse("-999999999-01-01T00:00:00.5")};
        LocalDate[] dates = {LocalDate.MIN, LocalDate.MAX, LocalDate.EPOCH, LocalDate.parse("1969-12-31")};
        LocalTime[] times = {LocalTime.MIN, LocalTime.MAX, LocalTime.NOON, LocalTime.parse("23:59:59"),
                LocalTime.parse("00:00:00.000000001")};
        for (int i = 0; i < instants.length; i++) {
            InlineRow row = row(i, "r" + i, instants[i], dateTimes[i % dateTimes.length], dates[i % dates.length],
                    times[i % times.length]);
            assertEquals(row, Hessian.readOne(inline, Hessian.write(inline, row)), row.toString());
            assertEquals(row, Hessian.readTyped(inline, Hessian.write(inline, row), InlineRow.class), row.toString());
        }
    }

    @Test
    void aStockReaderFailsOnTheFirstInstanceWhateverItExpects() {
        InlineRow row = row(1, "one", Instant.EPOCH, null, null, null);
        byte[] bytes = Hessian.write(inline, row);
        for (SerializerFactory reader : new SerializerFactory[]{new SerializerFactory(), Hessian.compactFactory(),
                Hessian.compatibleFactory()}) {
            assertThrows(IOException.class, () -> Hessian.readOne(reader, bytes), reader.toString());
            assertThrows(IOException.class, () -> Hessian.readTyped(reader, bytes, InlineRow.class), reader.toString());
            assertThrows(IOException.class, () -> Hessian.readTyped(reader, bytes, Object.class), reader.toString());
        }
    }

    @Test
    void onlyBeansWithAnInlineTypeFieldAreTakenAndEverythingElseIsStockBytes() {
        SerializerFactory stock = new SerializerFactory();
        for (Object value : new Object[]{new OneDate(new Date(5)), new HashMap<>(Map.of("k", "v")),
                Arrays.asList(1, "two"), "text", 42L}) {
            assertArrayEquals(Hessian.write(stock, value), Hessian.write(inline, value), String.valueOf(value));
        }
    }

    // --- The reader's class: the same name with another shape. The stream names the writer's class; these tests
    // --- rename it, keeping its length, to a class of another shape, as a peer with another version would have it.

    /** Writer: every inline type; each reader shape below has a name of the same length. */
    static final class ShapeW implements Serializable {
        int id = 3;
        Instant a = Instant.parse("2025-11-22T10:15:30.123456Z");
        LocalDateTime b = LocalDateTime.parse("2025-11-22T10:15:30");
        LocalDate c = LocalDate.parse("2025-11-22");
        LocalTime d = LocalTime.parse("10:15:30.5");
        OffsetDateTime e = OffsetDateTime.parse("2025-11-22T10:15:30.123+08:00");
        Duration f = Duration.ofMillis(1500);
    }

    /** Declares the inline fields as supertypes. */
    static final class ShapeS implements Serializable {
        int id;
        Object a;
        Serializable b;
        Comparable<?> c;
        Temporal d;
        TemporalAccessor e;
        TemporalAmount f;
    }

    /** Lacks two of them, and has an extra field. */
    static final class ShapeL implements Serializable {
        int id;
        Instant a;
        LocalTime d;
        String extra = "default";
    }

    /** Declares one as a type that cannot hold it, and that no date-time conversion makes. */
    static final class ShapeX implements Serializable {
        int id;
        LocalTime a;
    }

    /** Has readResolve, which hessian-lite calls after every field is set: the inline ones too. */
    static final class ShapeR implements Serializable {
        int id;
        Instant a;
        transient String resolvedWith;

        Object readResolve() {
            ShapeR resolved = new ShapeR();
            resolved.id = id;
            resolved.a = a;
            resolved.resolvedWith = "id " + id + " at " + a;
            return resolved;
        }
    }

    private Object readAs(Class<?> shape, Object written, Class<?> expected) throws IOException {
        String from = written.getClass().getName();
        String to = shape.getName();
        assertEquals(from.length(), to.length());
        byte[] bytes = Hessian.write(inline, written);
        String text = new String(bytes, StandardCharsets.ISO_8859_1).replace(from, to);
        byte[] renamed = text.getBytes(StandardCharsets.ISO_8859_1);
        return expected == null ? Hessian.readOne(inline, renamed) : Hessian.readTyped(inline, renamed, expected);
    }

    @Test
    void aReaderWhoseFieldsAreSupertypesGetsTheWritersTypes() throws Exception {
        ShapeW w = new ShapeW();
        for (Class<?> expected : new Class<?>[]{null, ShapeS.class, Object.class}) {
            ShapeS s = (ShapeS) readAs(ShapeS.class, w, expected);
            assertEquals(3, s.id);
            assertEquals(w.a, s.a);
            assertEquals(w.b, s.b);
            assertEquals(w.c, s.c);
            assertEquals(w.d, s.d);
            assertEquals(w.e, s.e);
            assertEquals(w.f, s.f);
        }
    }

    @Test
    void aReaderThatLacksFieldsSkipsThemAndKeepsItsDefaults() throws Exception {
        ShapeW w = new ShapeW();
        ShapeL l = (ShapeL) readAs(ShapeL.class, w, null);
        assertEquals(3, l.id);
        assertEquals(w.a, l.a);
        assertEquals(w.d, l.d);
        // hessian-lite 4.0.x allocates without a constructor (Unsafe), 3.2.x runs the cheapest one: as over hessian2
        assertEquals(Hessian.hessianLiteLine().equals("3.2") ? "default" : null, l.extra);
    }

    @Test
    void aFieldThatCannotHoldTheValueIsAnErrorNamingIt() {
        TimeDecodingException e = assertThrows(TimeDecodingException.class,
                () -> readAs(ShapeX.class, new ShapeW(), null));
        assertEquals(TimeDecodingException.Problem.TYPE_MISMATCH, e.problem());
        assertTrue(e.getMessage().contains("ShapeX.a") && e.getMessage().contains("java.time.LocalTime")
                && e.getMessage().contains("java.time.Instant"), e.getMessage());
    }

    /** readResolve runs after every field is set, the inline ones included, and its result is what comes back. */
    @Test
    void aReaderWithReadResolveGetsEveryValueBeforeItResolves() throws Exception {
        ShapeW w = new ShapeW();
        for (Class<?> expected : new Class<?>[]{null, ShapeR.class, Object.class}) {
            ShapeR r = (ShapeR) readAs(ShapeR.class, w, expected);
            assertEquals("id 3 at " + w.a, r.resolvedWith);
            assertEquals(w.a, r.a);
        }
    }

    @Test
    void aMissingClassReadsAsTheMapHessian2Gives() throws Exception {
        ShapeW w = new ShapeW();
        byte[] bytes = Hessian.write(inline, w);
        String missing = ShapeW.class.getName().replace("ShapeW", "Shape_");
        byte[] renamed = new String(bytes, StandardCharsets.ISO_8859_1).replace(ShapeW.class.getName(), missing)
                .getBytes(StandardCharsets.ISO_8859_1);
        Map<?, ?> map = assertInstanceOf(Map.class, Hessian.readOne(inline, renamed));
        Map<String, Object> expected = new HashMap<>();
        expected.put("id", 3);
        expected.put("a", w.a);
        expected.put("b", w.b);
        expected.put("c", w.c);
        expected.put("d", w.d);
        expected.put("e", w.e);
        expected.put("f", w.f);
        assertEquals(expected, map);
        // what hessian2 gives for the same missing class: the same map
        SerializerFactory compatible = Hessian.compatibleFactory();
        byte[] stockBytes = new String(Hessian.write(compatible, w), StandardCharsets.ISO_8859_1)
                .replace(ShapeW.class.getName(), missing).getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(expected, Hessian.readOne(compatible, stockBytes));
    }

    // --- What the inline form relies on in hessian-lite, checked on the line this run uses.

    /** A bean with fields in a superclass, of every kind hessian-lite orders differently. */
    static class OrderBase implements Serializable {
        Object baseObject = "b";
        int baseInt = 1;
        LocalDate baseDate = LocalDate.EPOCH;
    }

    static final class OrderBean extends OrderBase {
        Instant instant = Instant.EPOCH;
        String text = "t";
        long number = 2;
        List<String> list = Arrays.asList("x");
        Integer boxed = 3;
        LocalTime time = LocalTime.NOON;
        char letter = 'c';
    }

    /** The other fields keep the order hessian-lite's own serializer gives them; the inline ones follow in it too. */
    @Test
    void fieldOrderIsHessianLitesOwn() throws Exception {
        List<String> stock = definitionFields(Hessian.write(new SerializerFactory(), new OrderBean()));
        List<String> ours = definitionFields(Hessian.write(inline, new OrderBean()));
        assertEquals("@1", ours.get(0));
        List<String> expected = new java.util.ArrayList<>();
        stock.stream().filter(name -> !name.matches("instant|time|baseDate")).forEach(expected::add);
        stock.stream().filter(name -> name.matches("instant|time|baseDate"))
                .map(name -> (name.equals("instant") ? "I:" : name.equals("time") ? "T:" : "D:") + name)
                .forEach(expected::add);
        assertEquals(expected, ours.subList(1, ours.size()), "stock order " + stock);
        assertEquals(new OrderBean().text, ((OrderBean) Hessian.readOne(inline, Hessian.write(inline, new OrderBean()))).text);
    }

    /** The class definition's field names, read as the bytes hold them: 'C' type count names... */
    private static List<String> definitionFields(byte[] bytes) throws IOException {
        com.alibaba.com.caucho.hessian.io.Hessian2Input in =
                new com.alibaba.com.caucho.hessian.io.Hessian2Input(new java.io.ByteArrayInputStream(bytes));
        assertEquals('C', in.read());
        in.readString();
        int count = in.readInt();
        List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            names.add(in.readString());
        }
        return names;
    }

    /**
     * The methods the inline form overrides are the ones hessian-lite calls: if a release renamed one, the override
     * would silently never run. 4.0.x builds a class definition's fields once ({@code createFields}/{@code
     * createField}) and reads instances with them; 3.2.x has none of the three and reads by names.
     */
    @Test
    void theHooksInlineFieldsOverrideAreHessianLitesOwn() throws Exception {
        java.lang.reflect.Method defaultSerializer = SerializerFactory.class.getDeclaredMethod("getDefaultSerializer",
                Class.class);
        assertTrue(java.lang.reflect.Modifier.isProtected(defaultSerializer.getModifiers()));
        SerializerFactory.class.getMethod("getDeserializer", String.class);
        Class<?> deserializer = com.alibaba.com.caucho.hessian.io.Deserializer.class;
        Class<?> input = com.alibaba.com.caucho.hessian.io.AbstractHessianInput.class;
        deserializer.getMethod("readObject", input, String[].class);
        boolean line4 = Hessian.hessianLiteLine().equals("4.0");
        for (String[] method : new String[][]{{"createFields"}, {"createField"}, {"readObject"}}) {
            boolean present;
            try {
                switch (method[0]) {
                    case "createFields":
                        deserializer.getMethod("createFields", int.class);
                        break;
                    case "createField":
                        deserializer.getMethod("createField", String.class);
                        break;
                    default:
                        deserializer.getMethod("readObject", input, Object[].class);
                }
                present = true;
            } catch (NoSuchMethodException e) {
                present = false;
            }
            assertEquals(line4, present, method[0] + " on hessian-lite " + Hessian.hessianLiteLine());
        }
    }

    @Test
    void nullInlineFieldsStayNull() throws Exception {
        ShapeW w = new ShapeW();
        w.a = null;
        w.c = null;
        w.e = null;
        ShapeS s = (ShapeS) readAs(ShapeS.class, w, null);
        assertNull(s.a);
        assertNull(s.c);
        assertNull(s.e);
        assertEquals(w.b, s.b);
        assertEquals(w.f, s.f);
    }

    // --- OffsetDateTime: its local date-time packed as a LocalDateTime's, then its offset in quarter hours.

    /** An {@link InlineOtherRow} instance without its one time value: class reference, sentinel, "row", 42, 8 nulls. */
    private static final int OTHER_ROW_WITHOUT_ITS_VALUE = 1 + 1 + 4 + 2 + 8;

    /** The bytes of a later {@link InlineOtherRow} instance holding {@code value}, after the class definition. */
    private int otherRowInstanceLength(Object value) {
        int once = Hessian.write(inline, InlineOtherRow.with(value)).length;
        return Hessian.write(inline, InlineOtherRow.with(value), InlineOtherRow.with(value)).length - once;
    }

    @Test
    void anOffsetDateTimeIsAPackedDateAndItsQuarterHours() throws Exception {
        Object[][] cases = {
                // the packed date (9), the quarter hours as a long: -8..15 in one byte, else two
                {OffsetDateTime.parse("2025-11-22T10:15:30.123456789Z"), 9 + 1},
                {OffsetDateTime.parse("2025-11-22T10:15:30+02:00"), 9 + 1},
                {OffsetDateTime.parse("2025-11-22T10:15:30.123+08:00"), 9 + 2},
                {OffsetDateTime.parse("2025-11-22T10:15:30-18:00"), 9 + 2},
                // an offset that is not whole quarter hours, or a year outside 1900-2155: the date 0 (in its 5-byte
                // minute form, 0x4b), then the payload
                {OffsetDateTime.parse("1890-01-01T00:00+05:53:28"), 5 + binaryLength(
                        OffsetDateTime.parse("1890-01-01T00:00+05:53:28"))},
                {OffsetDateTime.parse("2025-11-22T10:15:30+05:53:28"), 5 + binaryLength(
                        OffsetDateTime.parse("2025-11-22T10:15:30+05:53:28"))},
                {OffsetDateTime.MAX, 5 + binaryLength(OffsetDateTime.MAX)},
                {OffsetDateTime.MIN, 5 + binaryLength(OffsetDateTime.MIN)}};
        for (Object[] c : cases) {
            InlineOtherRow row = InlineOtherRow.with(c[0]);
            assertEquals(OTHER_ROW_WITHOUT_ITS_VALUE + (int) c[1], otherRowInstanceLength(c[0]), String.valueOf(c[0]));
            assertEquals(row, Hessian.readOne(inline, Hessian.write(inline, row)), String.valueOf(c[0]));
        }
        for (Object value : EdgeCorpus.byType().get("OffsetDateTime")) {
            InlineOtherRow row = InlineOtherRow.with(value);
            byte[] bytes = Hessian.write(inline, row);
            assertEquals(row, Hessian.readOne(inline, bytes), String.valueOf(value));
            assertEquals(row, Hessian.readTyped(inline, bytes, InlineOtherRow.class), String.valueOf(value));
            // the same offset instance as java.time's own, so nothing that compares offsets by identity changes
            assertTrue(((InlineOtherRow) Hessian.readOne(inline, bytes)).offsetDateTime.getOffset()
                    == ZoneOffset.ofTotalSeconds(((OffsetDateTime) value).getOffset().getTotalSeconds())
                    || ((OffsetDateTime) value).getOffset().getTotalSeconds() % 900 != 0, String.valueOf(value));
        }
    }

    @Test
    void aBadOffsetDateTimeIsAnErrorNamingIt() {
        OffsetDateTime value = OffsetDateTime.parse("2025-11-22T10:15:30+08:00");
        InlineOtherRow row = InlineOtherRow.with(value);
        // the offset is the last value of the row: +08:00 is 32 quarter hours
        expectProblem(OffsetDateTime.class, TimeDecodingException.Problem.OUT_OF_RANGE,
                craft(row, InlineOtherRow.with(value), longHex(32), longHex(73)));
        expectProblem(OffsetDateTime.class, TimeDecodingException.Problem.WRONG_TYPE,
                craft(row, InlineOtherRow.with(value), longHex(32), "0161"));
        byte[] bytes = Hessian.write(inline, row);
        for (int cut = 1; cut <= 9 + 2; cut++) {
            byte[] truncated = Arrays.copyOf(bytes, bytes.length - cut);
            TimeDecodingException e = assertThrows(TimeDecodingException.class,
                    () -> Hessian.readOne(inline, truncated), cut + " bytes cut");
            assertEquals(TimeDecodingException.Problem.TRUNCATED, e.problem(), e.getMessage());
            assertEquals(OffsetDateTime.class, e.type(), e.getMessage());
        }
    }

    // --- The other types (all but ZoneId): each inline value is the type's compact payload as one Hessian binary.

    private static final List<String> PAYLOAD_TYPES = Arrays.asList("ZonedDateTime", "OffsetTime", "ZoneOffset",
            "Duration", "Period", "Year", "YearMonth", "MonthDay");

    /**
     * Every corpus value of those types comes back equal, read untyped and typed, and costs its object form's bytes
     * less the class-definition reference: a binary tag and the payload, no definition of its own.
     */
    @Test
    void theOtherTypesComeBackEqualAsTheirPayloadInOneBinary() throws Exception {
        for (String type : PAYLOAD_TYPES) {
            for (Object value : EdgeCorpus.byType().get(type)) {
                InlineOtherRow row = InlineOtherRow.with(value);
                byte[] bytes = Hessian.write(inline, row);
                assertEquals(row, Hessian.readOne(inline, bytes), type + " " + value);
                assertEquals(row, Hessian.readTyped(inline, bytes, InlineOtherRow.class), type + " " + value);
                assertEquals(OTHER_ROW_WITHOUT_ITS_VALUE + binaryLength(value), otherRowInstanceLength(value),
                        type + " " + value);
                String text = new String(bytes, StandardCharsets.ISO_8859_1);
                assertTrue(!text.contains("ht." + type), "no object form of " + type + ": " + text);
            }
        }
        // two by hand (wire format 1.2 and 2): MonthDay is u8 month, u8 day; Year is sMin(year - 1970)
        assertEquals(OTHER_ROW_WITHOUT_ITS_VALUE + 3, otherRowInstanceLength(MonthDay.of(12, 31)));
        assertEquals(OTHER_ROW_WITHOUT_ITS_VALUE + 2, otherRowInstanceLength(Year.of(2025)));
    }

    /** The value's compact payload (section 2 of the wire format) as one Hessian binary: its tag and the payload. */
    private static int binaryLength(Object value) {
        for (WireType wire : WireType.values()) {
            if (wire.javaType() == value.getClass()) {
                int payload = encode(wire.codec(), value);
                return (payload < 16 ? 1 : 2) + payload;
            }
        }
        throw new AssertionError("no wire type for " + value.getClass());
    }

    @SuppressWarnings("unchecked")
    private static <T> int encode(PayloadCodec<T> codec, Object value) {
        return codec.encode((T) value, new byte[codec.maxLength()]);
    }

    /** A ZoneId field keeps the object form: its declared type does not say which of two classes a value is. */
    @Test
    void aZoneIdFieldKeepsTheObjectFormAndItsClass() throws Exception {
        for (ZoneId zone : new ZoneId[]{ZoneId.of("Europe/Paris"), ZoneOffset.ofHours(8), ZoneId.of("UTC")}) {
            OneZone bean = new OneZone();
            bean.zone = zone;
            bean.at = Instant.EPOCH;
            byte[] bytes = Hessian.write(inline, bean);
            String text = new String(bytes, StandardCharsets.ISO_8859_1);
            assertTrue(text.contains("I:at") && text.contains("zone") && !text.contains("ZO:") && text.contains("ht."),
                    text);
            OneZone back = (OneZone) Hessian.readOne(inline, bytes);
            assertEquals(zone, back.zone);
            assertEquals(zone.getClass(), back.zone.getClass());
        }
    }

    static final class OneZone implements Serializable {
        ZoneId zone;
        Instant at;
    }

    /** A stream that ends anywhere inside one of those binaries is TRUNCATED, naming the type. */
    @Test
    void aStreamThatEndsInsideAnInlinePayloadIsTruncated() throws Exception {
        for (String type : PAYLOAD_TYPES) {
            Object value = EdgeCorpus.byType().get(type).get(0);
            InlineOtherRow row = InlineOtherRow.with(value);
            byte[] bytes = Hessian.write(inline, row);
            List<String> fields = definitionFields(bytes);
            int position = -1;
            for (int i = 0; i < fields.size(); i++) {
                if (fields.get(i).endsWith(":" + Character.toLowerCase(type.charAt(0)) + type.substring(1))) {
                    position = i;
                }
            }
            assertTrue(position > 0, type + " in " + fields);
            int valueEnd = bytes.length - (fields.size() - 1 - position);      // each later field is a null, 1 byte
            int valueLength = binaryLength(value);
            for (int kept = 0; kept < valueLength; kept++) {
                byte[] cut = Arrays.copyOf(bytes, valueEnd - valueLength + kept);
                String what = type + " " + value + ", " + kept + " of its " + valueLength + " bytes";
                TimeDecodingException e = assertThrows(TimeDecodingException.class,
                        () -> Hessian.readOne(inline, cut), what);
                assertEquals(TimeDecodingException.Problem.TRUNCATED, e.problem(), what + ": " + e.getMessage());
                assertEquals(value.getClass(), e.type(), what + ": " + e.getMessage());
            }
        }
    }

    // --- Crafted inline values: each bad value is an error naming its type and the problem, never a value.

    /** {@code bean}'s bytes, its instance (after the class definition) rewritten from {@code from} to {@code to}. */
    private byte[] craft(Object bean, Object sameAgain, String from, String to) {
        byte[] once = Hessian.write(inline, bean);
        int instance = Hessian.write(inline, bean, sameAgain).length - once.length;
        String hex = Hex.of(once);
        int start = 2 * (once.length - instance);
        String tail = hex.substring(start);
        assertTrue(tail.contains(from), from + " in the instance " + tail);
        return Hex.parse(hex.substring(0, start) + tail.replace(from, to));
    }

    /** A long as Hessian 2 writes it (the shortest of its encodings), in hex. */
    private static String longHex(long value) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        com.alibaba.com.caucho.hessian.io.Hessian2Output out =
                new com.alibaba.com.caucho.hessian.io.Hessian2Output(bytes);
        try {
            out.writeLong(value);
            out.flush();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return Hex.of(bytes.toByteArray());
    }

    private void expectProblem(Class<?> type, TimeDecodingException.Problem problem, byte[] bytes) {
        TimeDecodingException e = assertThrows(TimeDecodingException.class, () -> Hessian.readOne(inline, bytes));
        assertEquals(problem, e.problem(), e.getMessage());
        assertEquals(type, e.type(), e.getMessage());
        TimeDecodingException typed = assertThrows(TimeDecodingException.class,
                () -> Hessian.readTyped(inline, bytes, Object.class));
        assertEquals(problem, typed.problem(), typed.getMessage());
    }

    @Test
    void aBadInlineValueIsAnErrorNamingTheTypeAndTheProblem() {
        TimeDecodingException.Problem wrongType = TimeDecodingException.Problem.WRONG_TYPE;
        TimeDecodingException.Problem outOfRange = TimeDecodingException.Problem.OUT_OF_RANGE;
        // the four date forms: Instant 2025-11-22T10:15:30.5Z is the date 0x4a 187a4cb1c6f77900
        Instant instant = Instant.parse("2025-11-22T10:15:30.5Z");
        String instantDate = "4a" + String.format("%016x", instant.getEpochSecond() * 1_000_000_000L + 500_000_000L);
        expectProblem(Instant.class, wrongType, craft(InlineRow.with(instant), InlineRow.with(instant), instantDate,
                "0161" + "00000000000000"));                         // a one-character string, then filler
        LocalDateTime dateTime = LocalDateTime.parse("2025-11-22T10:15:30");
        // packed: years since 1900 (125 = 0x7d), month 11, day 22, 10:15:30; month 13 instead of 11
        long packed = (125L << 56) | (11L << 52) | (22L << 47) | (10L << 42) | (15L << 36) | (30L << 30);
        long month13 = (packed & ~(0xfL << 52)) | (13L << 52);
        expectProblem(LocalDateTime.class, outOfRange, craft(InlineRow.with(dateTime), InlineRow.with(dateTime),
                String.format("4a%016x", packed), String.format("4a%016x", month13)));
        // LocalDate 2025-11-22 is epoch day 20414, a long; LocalDate.MAX's epoch day + 1 instead
        LocalDate date = LocalDate.parse("2025-11-22");
        expectProblem(LocalDate.class, outOfRange, craft(InlineRow.with(date), InlineRow.with(date), longHex(20414),
                longHex(LocalDate.MAX.toEpochDay() + 1)));
        // LocalTime 10:15:30 is the long -1 - 36930; -1 - 86400 is not a second of a day
        LocalTime time = LocalTime.parse("10:15:30");
        expectProblem(LocalTime.class, outOfRange, craft(InlineRow.with(time), InlineRow.with(time),
                longHex(-1 - 36930), longHex(-1 - 86400)));
        // and a LocalDate field holding a double is the wrong type
        expectProblem(LocalDate.class, wrongType, craft(InlineRow.with(date), InlineRow.with(date), longHex(20414),
                "5b5b5b"));
        // a payload form: MonthDay 12-31 is the binary 0x22 0c 1f; month 13, a date instead, a length above 2
        MonthDay monthDay = MonthDay.of(12, 31);
        InlineOtherRow row = InlineOtherRow.with(monthDay);
        expectProblem(MonthDay.class, outOfRange, craft(row, InlineOtherRow.with(monthDay), "220c1f", "220d1f"));
        expectProblem(MonthDay.class, wrongType, craft(row, InlineOtherRow.with(monthDay), "220c1f",
                "4a0000000000000000"));
        expectProblem(MonthDay.class, TimeDecodingException.Problem.BAD_LENGTH,
                craft(row, InlineOtherRow.with(monthDay), "220c1f", "230c1f00"));
    }

    @Test
    void anUnknownCodeOrSentinelIsAnUnknownVersion() {
        MonthDay monthDay = MonthDay.of(12, 31);
        byte[] bytes = Hessian.write(inline, InlineOtherRow.with(monthDay));
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        for (String[] change : new String[][]{{"MD:monthDay", "XX:monthDay"}, {"\u0002@1", "\u0002@2"}}) {
            assertTrue(text.contains(change[0]), change[0]);
            byte[] crafted = text.replace(change[0], change[1]).getBytes(StandardCharsets.ISO_8859_1);
            TimeDecodingException e = assertThrows(TimeDecodingException.class,
                    () -> Hessian.readOne(inline, crafted));
            assertEquals(TimeDecodingException.Problem.UNKNOWN_FORMAT_VERSION, e.problem(), e.getMessage());
        }
    }
}
