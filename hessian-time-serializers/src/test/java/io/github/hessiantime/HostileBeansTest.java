package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.HessianFieldException;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.HostileDtos.Arrays2;
import io.github.hessiantime.HostileDtos.Event;
import io.github.hessiantime.HostileDtos.Plain;
import io.github.hessiantime.HostileDtos.Timed;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 25: no field of a bean that hessian-time's factories build ever holds an object its declared type cannot
 * hold, whatever the bytes. Each stream here is what an attacker writes: a back reference ({@code Q}) to an earlier
 * object of the message in a field of another type, in a bean without java.time fields (which hessian-lite itself
 * would build) and with them, a superclass's field, a collection, map or array field, an array element, a record
 * component, a Throwable's cause; absurd field counts and lengths. Each is a clear {@code IOException} naming the class,
 * the field, its declared type and what the stream held; stock hessian-lite 4.0.x builds the bean with the wrong
 * object in the field (checked by reflection only: calling a method on it is what crashes a JVM). On both
 * hessian-lite lines: this class runs in both plain test executions. {@code HostileBeansChildJvmTest} touches what
 * comes back in a child JVM.
 */
class HostileBeansTest {
    private static final String PLAIN = Plain.class.getName();
    private static final String TIMED = Timed.class.getName();
    private static final boolean LINE_4 = Hessian.hessianLiteLine().equals("4.0");

    /** Every factory hessian-time makes reads beans type-safely; compactInline() also reads inline definitions. */
    private static List<SerializerFactory> ours() {
        return Arrays.asList(Hessian.compatibleFactory(), Hessian.compactFactory(),
                JavaTimeSerializerFactory.compactInline().newSerializerFactory());
    }

    @Test
    void aDateFieldHoldingTheBeanItself() throws Exception {
        byte[] stream = new CraftedStream().object(PLAIN, "name", "date").string("n").ref(0).bytes();
        assertRefused(stream, 1, "HostileDtos$Plain.date", "java.util.Date", PLAIN);
        assertStockStoresWrongType(stream, 1, PLAIN + ".date: " + PLAIN);
    }

    /** The second case: an inline bean (java.time fields) whose Date field the inline form leaves as it is. */
    @Test
    void aDateFieldOfAnInlineBean() throws Exception {
        byte[] stream = new CraftedStream().object("ht:" + TIMED, "@1", "legacy", "I:at").sentinel().ref(0)
                .raw('N').bytes();
        IOException e = assertThrows(IOException.class, () -> Hessian.readOne(inline(), stream));
        assertMessage(e, "HostileDtos$Timed.legacy", "java.util.Date", TIMED);
    }

    @Test
    void aSuperclassField() throws Exception {
        byte[] stream = new CraftedStream().object(TIMED, "created").ref(0).bytes();
        assertRefused(stream, 1, "HostileDtos$Base.created", "java.util.Date", TIMED);
        assertStockStoresWrongType(stream, 1, HostileDtos.Base.class.getName() + ".created: " + TIMED);
    }

    @Test
    void aListFieldHoldingAMapAndAMapFieldHoldingAList() throws Exception {
        HashMap<String, Integer> map = new HashMap<>(Collections.singletonMap("k", 1));
        byte[] listHoldsMap = new CraftedStream().object(PLAIN, "scores", "tags").value(map).ref(1).bytes();
        assertRefused(listHoldsMap, 1, "HostileDtos$Plain.tags", "java.util.List", "java.util.HashMap");
        assertStockStoresWrongType(listHoldsMap, 1, PLAIN + ".tags: java.util.HashMap");
        byte[] mapHoldsList = new CraftedStream().object(PLAIN, "tags", "scores").value(Arrays.asList("a"))
                .ref(1).bytes();
        assertRefused(mapHoldsList, 1, "HostileDtos$Plain.scores", "java.util.Map", "java.util.ArrayList");
    }

    @Test
    void boxedAndOtherReferenceFields() throws Exception {
        assertRefused(new CraftedStream().object(PLAIN, "count").ref(0).bytes(), 1, "HostileDtos$Plain.count",
                "java.lang.Integer", PLAIN);
        assertRefused(new CraftedStream().object(PLAIN, "amount").ref(0).bytes(), 1, "HostileDtos$Plain.amount",
                "java.math.BigDecimal", PLAIN);
        assertRefused(new CraftedStream().object(TIMED, "plain").ref(0).bytes(), 1, "HostileDtos$Timed.plain",
                PLAIN, TIMED);
    }

    /** An array element of another type: the JVM's ArrayStoreException, a RuntimeException, becomes an IOException. */
    @Test
    void anArrayElementOfAnotherType() throws Exception {
        byte[] stream = new CraftedStream().object(Arrays2.class.getName(), "plains")
                .list("[" + PLAIN, 1).ref(0).bytes();
        assertRefused(stream, 1, "HostileDtos$Arrays2.plains", "ArrayStoreException");
        byte[] arrayOfAnotherType = new CraftedStream().object(Arrays2.class.getName(), "names", "plains")
                .value(new String[]{"x"}).ref(1).bytes();
        assertRefused(arrayOfAnotherType, 1, "HostileDtos$Arrays2.plains", "[Lio.github.hessiantime.HostileDtos$Plain;",
                "[Ljava.lang.String;");
    }

    /** A record is made by its canonical constructor, with checked arguments (hessian-lite 3.2.x cannot make one). */
    @Test
    void aRecordComponent() throws Exception {
        HashMap<String, Integer> map = new HashMap<>(Collections.singletonMap("k", 1));
        byte[] stream = new CraftedStream().value(map).object(Event.class.getName(), "id", "date").string("e")
                .ref(0).bytes();
        assertRefused(stream, 2, "HostileDtos$Event.date", "java.util.Date", "java.util.HashMap");
    }

    /** A Throwable's cause (hessian-lite's own reader sets it with Unsafe; service code calls getCause()). */
    @Test
    void aThrowablesCause() throws Exception {
        HashMap<String, Integer> map = new HashMap<>(Collections.singletonMap("k", 1));
        byte[] stream = new CraftedStream().value(map).object(IllegalStateException.class.getName(),
                "detailMessage", "cause").string("x").ref(0).bytes();
        for (SerializerFactory factory : ours()) {
            IOException e = assertThrows(IOException.class, () -> Hessian.read(factory, stream, 2));
            if (LINE_4) {
                assertMessage(e, "java.lang.Throwable.cause", "java.lang.Throwable", "java.util.HashMap");
            } else {
                // hessian-lite 3.2.x sets fields by reflection, which java.base does not open on JDK 9+: it cannot
                // read a Throwable at all, with or without hessian-time
                assertMessage(e, "java.lang.Throwable");
            }
        }
    }

    /** A typed read of a bean from a list: hessian-lite's reader throws UnsupportedOperationException there. */
    @Test
    void aBeanReadFromAListOrAScalar() throws Exception {
        byte[] list = Hessian.write(new SerializerFactory(), Arrays.asList("a", "b"));
        byte[] number = Hessian.write(new SerializerFactory(), 42);
        for (SerializerFactory factory : ours()) {
            assertThrows(IOException.class, () -> Hessian.readTyped(factory, list, Plain.class));
            assertThrows(IOException.class, () -> Hessian.readTyped(factory, number, Plain.class));
        }
    }

    /**
     * A class definition that claims 2^31-1 fields, or a negative count: refused before anything is allocated for it
     * (hessian-time's inline reader threw NegativeArraySizeException, stock hessian-lite 4.0.x OutOfMemoryError). On
     * hessian-lite 3.2.x the stream reader allocates the names itself before it asks any factory: its own error.
     */
    @Test
    void absurdFieldCounts() throws Exception {
        for (String type : new String[]{PLAIN, "ht:" + TIMED}) {
            for (int count : new int[]{Integer.MAX_VALUE, 1 << 30, 65_537, -1, Integer.MIN_VALUE}) {
                byte[] stream = new CraftedStream().raw('C').string(type).value(count).bytes();
                if (LINE_4) {
                    IOException e = assertThrows(IOException.class, () -> Hessian.readOne(inline(), stream));
                    assertMessage(e, count + " fields");
                } else if (count < 0 || count == Integer.MAX_VALUE) {
                    Throwable e = assertThrows(Throwable.class, () -> Hessian.readOne(inline(), stream));
                    assertFalse(e instanceof IOException, e.toString());
                    assertHessianLitesOwn(e);
                }
            }
        }
    }

    /**
     * Absurd lengths of a list and an array in a field: the end of the stream, or a clear error (a collection is
     * filled as its elements come, never sized from the length).
     */
    @Test
    void absurdLengths() throws Exception {
        byte[] hugeList = new CraftedStream().object(PLAIN, "tags").list("java.util.ArrayList", Integer.MAX_VALUE)
                .string("only one").bytes();
        byte[] negativeArray = new CraftedStream().object(Arrays2.class.getName(), "plains").list("[" + PLAIN, -1)
                .bytes();
        for (SerializerFactory factory : ours()) {
            for (byte[] stream : new byte[][]{hugeList, negativeArray}) {
                assertThrows(IOException.class, () -> Hessian.readOne(factory, stream));
            }
        }
        IOException e = assertThrows(IOException.class, () -> Hessian.readOne(inline(), negativeArray));
        assertMessage(e, "HostileDtos$Arrays2.plains", "-1 elements");
        byte[] hugeIntArray = new CraftedStream().object(Arrays2.class.getName(), "numbers")
                .list("[int", Integer.MAX_VALUE).value(7).bytes();
        for (SerializerFactory factory : ours()) {
            assertMessage(assertThrows(IOException.class, () -> Hessian.readOne(factory, hugeIntArray)),
                    "HostileDtos$Arrays2.numbers", "int[]", Integer.MAX_VALUE + " elements");
        }
    }

    /**
     * A class definition read by a reader that is not the bean reader (hessian-lite's map, enum and BigDecimal
     * readers, the map it reads a missing class into, hessian-time's java.time readers) claiming absurd field counts:
     * on hessian-lite 4.0.x refused before the reader's {@code createFields} allocates them (stock: OutOfMemoryError);
     * on 3.2.x the stream reader allocates the names before it asks any factory, its own error.
     */
    @Test
    void absurdFieldCountsOfOtherReaders() throws Exception {
        String[][] typesAndReaders = {{"java.util.HashMap", "java.util.HashMap"},
                {"java.util.concurrent.TimeUnit", "java.util.concurrent.TimeUnit"},
                {"java.math.BigDecimal", "java.math.BigDecimal"}, {"com.example.Missing", "java.util.HashMap"},
                {"ht.Instant", "java.time.Instant"}, {"java.time.LocalDate", "java.time.LocalDate"}};
        for (String[] typeAndReader : typesAndReaders) {
            for (int count : new int[]{Integer.MAX_VALUE, 1 << 30, 65_537, -1}) {
                byte[] stream = new CraftedStream().raw('C').string(typeAndReader[0]).value(count).bytes();
                for (SerializerFactory factory : ours()) {
                    if (LINE_4) {
                        IOException e = assertThrows(IOException.class, () -> Hessian.readOne(factory, stream));
                        assertMessage(e, count + " fields", typeAndReader[1]);
                    } else if (count < 0 || count == Integer.MAX_VALUE) {
                        Throwable e = assertThrows(Throwable.class, () -> Hessian.readOne(factory, stream));
                        assertFalse(e instanceof IOException, e.toString());
                        assertHessianLitesOwn(e);
                    }
                }
            }
        }
    }

    /**
     * Absurd lengths of arrays, which hessian-lite's array readers allocate before reading an element: a long one
     * grows with the elements the stream really holds, then ends in a clear error; a negative one is refused.
     */
    @Test
    void absurdArrayLengths() throws Exception {
        String[][] typesAndNames = {{"[int", "int[]"}, {"[long", "long[]"}, {"[double", "double[]"},
                {"[boolean", "boolean[]"}, {"[string", "java.lang.String[]"}, {"[object", "java.lang.Object[]"},
                {"[" + PLAIN, PLAIN + "[]"}};
        for (String[] typeAndName : typesAndNames) {
            for (int length : new int[]{Integer.MAX_VALUE, 1 << 28, 100_000, -1}) {
                byte[] stream = new CraftedStream().list(typeAndName[0], length).raw('N').bytes();
                for (SerializerFactory factory : ours()) {
                    IOException e = assertThrows(IOException.class, () -> Hessian.readOne(factory, stream));
                    assertMessage(e, typeAndName[1], length + " elements");
                }
            }
        }
        // an element's own error in a long array is that element's, as in a short one
        byte[] wrongField = new CraftedStream().list("[" + PLAIN, 10_000).object(PLAIN, "date").ref(0).bytes();
        for (SerializerFactory factory : ours()) {
            IOException e = assertThrows(IOException.class, () -> Hessian.readOne(factory, wrongField));
            assertInstanceOf(HessianFieldException.class, e);
            assertMessage(e, "HostileDtos$Plain.date", "java.util.Date");
        }
    }

    /**
     * Arrays longer than what is allocated at once read exactly as with stock hessian-lite: the same elements, and
     * the same reference slots (a later back reference to the array is the array; shared elements stay shared).
     */
    @Test
    void longArraysReadAsWithStock() throws Exception {
        int length = 20_000;
        int[] numbers = new int[length];
        long[] longs = new long[length];
        String[] names = new String[length];
        Object[] anything = new Object[length];
        Plain shared = new Plain();
        shared.name = "shared";
        Plain[] plains = new Plain[length];
        for (int i = 0; i < length; i++) {
            numbers[i] = i * 31;
            longs[i] = i * 1_000_000_007L;
            names[i] = "n" + (i % 100);
            anything[i] = i % 3 == 0 ? names[i] : i % 3 == 1 ? (Object) i : shared;
            plains[i] = i % 2 == 0 ? shared : null;
        }
        List<Object> written = Arrays.asList(numbers, longs, names, anything, plains, numbers, plains);
        byte[] stream = Hessian.write(new SerializerFactory(), written);
        for (SerializerFactory factory : ours()) {
            List<?> read = (List<?>) Hessian.readOne(factory, stream);
            assertTrue(Arrays.equals(numbers, (int[]) read.get(0)));
            assertTrue(Arrays.equals(longs, (long[]) read.get(1)));
            assertTrue(Arrays.equals(names, (String[]) read.get(2)));
            Object[] anythingRead = (Object[]) read.get(3);
            Plain[] plainsRead = (Plain[]) read.get(4);
            assertEquals(length, anythingRead.length);
            assertEquals(length, plainsRead.length);
            assertEquals("shared", plainsRead[0].name);
            for (int i = 0; i < length; i++) {
                Object expected = anything[i] == shared ? plainsRead[0] : anything[i];
                assertTrue(i % 3 == 2 ? anythingRead[i] == expected : expected.equals(anythingRead[i]), "at " + i);
                assertTrue(plainsRead[i] == (i % 2 == 0 ? plainsRead[0] : null), "at " + i);
            }
            // back references to the arrays themselves: the same objects
            assertTrue(read.get(5) == read.get(0));
            assertTrue(read.get(6) == read.get(4));
            // a typed read, the path of a field or a parameter
            assertTrue(Arrays.equals(numbers, (int[]) Hessian.readTyped(factory,
                    Hessian.write(new SerializerFactory(), (Object) numbers), int[].class)));
        }
    }

    /** What primitive fields do with other Hessian types is hessian-lite's conversion, as before. */
    @Test
    void primitiveFieldsKeepHessianLitesConversions() throws Exception {
        for (Object written : new Object[]{7, 7L, 7.9d, true, null, "not a number"}) {
            byte[] stream = new CraftedStream().object(PLAIN, "id").value(written).bytes();
            String stock = outcome(new SerializerFactory(), stream);
            for (SerializerFactory factory : ours()) {
                assertEquals(stock, outcome(factory, stream), "id from " + written);
            }
        }
    }

    private static String outcome(SerializerFactory factory, byte[] stream) {
        try {
            return "id " + ((Plain) Hessian.readOne(factory, stream)).id;
        } catch (IOException e) {
            return "refused";
        }
    }

    /** The stream read completely; the last value read ({@code values}-th) is refused naming {@code words}. */
    private static void assertRefused(byte[] stream, int values, String... words) {
        for (SerializerFactory factory : ours()) {
            IOException e = assertThrows(IOException.class, () -> Hessian.read(factory, stream, values),
                    factory.toString());
            assertMessage(e, words);
            // also as a typed read of the bean, the path of a method parameter
            if (values == 1) {
                IOException typed = assertThrows(IOException.class,
                        () -> Hessian.readTyped(factory, stream, Object.class));
                assertMessage(typed, words);
            }
        }
    }

    /** Stock hessian-lite 4.0.x builds the bean and stores the wrong object (3.2.x's reflection refuses it). */
    private static void assertStockStoresWrongType(byte[] stream, int values, String expected) throws Exception {
        SerializerFactory stock = new SerializerFactory();
        if (!LINE_4) {
            assertThrows(IOException.class, () -> Hessian.read(stock, stream, values));
            return;
        }
        List<Object> read = Hessian.read(stock, stream, values);
        assertEquals(Collections.singletonList(expected), HostileDtos.wrongTypedFields(read.get(values - 1)));
    }

    private static void assertMessage(Throwable e, String... words) {
        StringBuilder messages = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            messages.append(t).append(" | ");
        }
        for (String word : words) {
            assertTrue(messages.toString().contains(word), "'" + word + "' in " + messages);
        }
        assertInstanceOf(IOException.class, e);
        if (e instanceof HessianFieldException || e instanceof TimeDecodingException) {
            return;
        }
        String joined = String.join(" ", words);
        if (!joined.contains(" fields") && !joined.contains(" elements") && words.length > 1) {
            fail("not a field error: " + messages);
        }
    }

    private static void assertHessianLitesOwn(Throwable e) {
        for (StackTraceElement frame : e.getStackTrace()) {
            if (frame.getClassName().startsWith("io.github.hessiantime.hessian.")) {
                fail("thrown by hessian-time: " + e, e);
            }
        }
    }

    private static SerializerFactory inline() {
        return JavaTimeSerializerFactory.compactInline().newSerializerFactory();
    }
}
