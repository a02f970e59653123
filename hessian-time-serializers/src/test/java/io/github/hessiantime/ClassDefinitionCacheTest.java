package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.AbstractDeserializer;
import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.BoundedFieldsReader;
import io.github.hessiantime.hessian.LengthGuard;
import io.github.hessiantime.hessian.deser.ClassDefinitionCache;
import io.github.hessiantime.hessian.deser.FastStringHessian2Input;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Class definitions recognised by their bytes ({@link FastStringHessian2Input} with a factory's
 * {@link ClassDefinitionCache}): read exactly as hessian-lite reads them, wherever they fall in the stream's buffer,
 * with the factory's verdict on every message, in bounded memory, and never for bytes that differ. Skipped on
 * hessian-lite 3.2.x, where the reader is hessian-lite's own ({@link FastStringHessian2InputTest}).
 */
class ClassDefinitionCacheTest {

    private CachingFactory factory;

    @BeforeEach
    void recognitionNeedsHessianLite40() {
        assumeTrue(FastStringHessian2Input.AVAILABLE, "hessian-lite 3.2.x: no recognition");
        factory = new CachingFactory();
    }

    @Test
    void aDefinitionSeenBeforeIsRecognisedAndReadAsHessianLiteReadsIt() throws IOException {
        Object[] messages = {
                new Order(7, "caf\u00e9 \u65e5\u672c", Instant.parse("2025-03-01T10:15:30Z"), new Line("x", 2)),
                Arrays.asList(new Line("a", 1), new Line("b", 2), new Order(1, "", null, null)),
                new Line("\u07ff", -1)};
        for (Object message : messages) {
            factory = new CachingFactory();     // knowing no definition yet
            byte[] bytes = write(message);
            int definitions = countDefinitions(message);
            for (int round = 0; round < 3; round++) {
                FastStringHessian2Input in = fast(bytes);
                assertEquals(message, in.readObject(), "round " + round);
                assertEquals(round == 0 ? 0 : definitions, in.recognisedDefinitions(), "round " + round);
                assertEquals(message, stock(bytes).readObject());
                FastStringHessian2Input typed = fast(bytes);
                assertEquals(message, typed.readObject(message.getClass()), "typed, round " + round);
                assertEquals(definitions, typed.recognisedDefinitions(), "typed, round " + round);
            }
        }
    }

    /**
     * The definition's bytes cross the end of the stream's buffer (1 KiB in hessian-lite 4.0.4's
     * {@code Hessian2Input}): recognised all the same. The prefixes run past that end, and over the first 300 bytes.
     */
    @Test
    void aDefinitionAcrossTheBuffersEndIsRecognised() throws IOException {
        Order order = new Order(3, "name", Instant.EPOCH, new Line("l", 9));
        fast(write(order)).readObject();
        for (int prefix = 0; prefix < 1100; prefix = prefix == 299 ? 900 : prefix + 1) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            Hessian2Output out = new Hessian2Output(bytes);
            out.setSerializerFactory(factory);
            for (int i = 0; i < prefix; i++) {
                out.writeInt(0);
            }
            out.writeObject(order);
            out.writeInt(99);
            out.flush();
            FastStringHessian2Input in = fast(bytes.toByteArray());
            for (int i = 0; i < prefix; i++) {
                assertEquals(0, in.readInt());
            }
            assertEquals(order, in.readObject(), "prefix " + prefix);
            assertEquals(99, in.readInt(), "prefix " + prefix);
            assertEquals(3, in.recognisedDefinitions(), "prefix " + prefix);   // Order, Line, InstantHandle
        }
    }

    /** The factory is asked for the type's reader in every message: a class refused now is refused now. */
    @Test
    void everyMessageGetsTheFactorysVerdict() throws IOException {
        Line line = new Line("v", 1);
        byte[] bytes = write(line);
        assertEquals(line, fast(bytes).readObject());
        for (int round = 0; round < 3; round++) {
            factory.refused.add(Line.class.getName());
            IOException refused = assertThrows(IOException.class, () -> fast(bytes).readObject());
            IOException stockRefused = assertThrows(IOException.class, () -> stock(bytes).readObject());
            assertEquals(stockRefused.getMessage(), refused.getMessage());
            factory.refused.clear();
            FastStringHessian2Input in = fast(bytes);
            assertEquals(line, in.readObject());
            assertEquals(1, in.recognisedDefinitions());
        }
    }

    /**
     * A recognised definition is made with the calls hessian-lite makes for it, in the same order: the factory asked
     * for the type's reader, that reader for the fields array and then for each field by name. Also where the same
     * definition comes again in one stream (a reference to it, no new definition) and for a typed read.
     */
    @Test
    void aRecognisedDefinitionIsMadeWithHessianLitesCalls() throws IOException {
        Order order = new Order(4, "four", Instant.ofEpochSecond(4), new Line("four", 4));
        Object message = Arrays.asList(order, new Line("l", 1), order.line, new Order(5, "five", null, null));
        byte[] bytes = write(message);
        factory.calls = new ArrayList<>();
        assertEquals(message, stock(bytes).readObject());
        List<String> hessianLites = new ArrayList<>(factory.calls);
        assertTrue(hessianLites.contains("createField " + Line.class.getName() + " name"), hessianLites.toString());
        for (int round = 0; round < 3; round++) {
            factory.calls.clear();
            FastStringHessian2Input in = fast(bytes);
            assertEquals(message, in.readObject(), "round " + round);
            assertEquals(round == 0 ? 0 : 3, in.recognisedDefinitions(), "round " + round);  // Order, Line, Instant's
            assertEquals(in.recognisedDefinitions(), in.definitionsMadeDirectly(), "round " + round);
            assertEquals(hessianLites, factory.calls, "round " + round);
        }
        factory.calls.clear();
        assertEquals(order, stock(write(order)).readObject(Order.class));
        hessianLites = new ArrayList<>(factory.calls);
        factory.calls.clear();
        FastStringHessian2Input typed = fast(write(order));
        assertEquals(order, typed.readObject(Order.class));
        assertEquals(3, typed.recognisedDefinitions());
        assertEquals(3, typed.definitionsMadeDirectly());
        assertEquals(hessianLites, factory.calls);
    }

    /**
     * hessian-time's own readers ({@link BoundedFieldsReader}), whose fields are their names, and hessian-lite's, side
     * by side in one message: each recognised definition made directly, every value as hessian-lite reads it.
     */
    @Test
    void hessianTimesOwnReadersAndHessianLitesAreMadeDirectlyAlike() throws IOException {
        factory.addFactory(JavaTimeSerializerFactory.compact());
        assertInstanceOf(BoundedFieldsReader.class, factory.getObjectDeserializer("ht.Instant", null));
        Object message = Arrays.asList(new Order(1, "one", Instant.ofEpochSecond(1, 5), new Line("a", 1)),
                new Order(2, "two", Instant.parse("2026-11-29T08:00:00Z"), null));
        byte[] bytes = write(message);
        assertEquals(message, stock(bytes).readObject());
        for (int round = 0; round < 3; round++) {
            FastStringHessian2Input in = fast(bytes);
            assertEquals(message, in.readObject(), "round " + round);
            assertEquals(round == 0 ? 0 : 3, in.definitionsMadeDirectly(), "round " + round);  // Order, ht.Instant, Line
            FastStringHessian2Input typed = fast(bytes);
            assertEquals(message, typed.readObject(List.class), "typed, round " + round);
            assertEquals(3, typed.definitionsMadeDirectly(), "typed, round " + round);
        }
    }

    /** A million distinct definitions leave at most the cache's slots, each read correctly. */
    @Test
    void aMillionDistinctDefinitionsStayBounded() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < 1_000_000; i++) {
            bytes.reset();
            Hessian2Output out = new Hessian2Output(bytes);
            out.writeObjectBegin(Line.class.getName());
            out.writeClassFieldLength(2);
            out.writeString("name");
            out.writeString("n" + i);      // a field Line lacks: skipped, as by hessian-lite
            out.writeObjectBegin(Line.class.getName());
            out.writeString("s" + (i % 7));
            out.writeInt(i);
            out.flush();
            Object read = fast(bytes.toByteArray()).readObject();
            if (i % 99_991 == 0) {
                assertEquals(new Line("s" + (i % 7), 0), read);
                assertEquals(read, stock(bytes.toByteArray()).readObject());
            }
        }
        assertTrue(factory.cache.size() <= ClassDefinitionCache.SLOTS, "kept: " + factory.cache.size());
    }

    /** Bytes that differ from a known definition anywhere are never taken for it. */
    @Test
    void changedBytesAreNeverTakenForAKnownDefinition() throws IOException {
        Order order = new Order(5, "five", Instant.ofEpochSecond(5), new Line("five", 5));
        byte[] bytes = write(order);
        assertEquals(order, fast(bytes).readObject());
        Random random = new Random(28);
        int compared = 0;
        for (int i = 0; i < 20_000; i++) {
            byte[] changed = bytes.clone();
            int at = random.nextInt(Math.min(changed.length, 120));
            changed[at] = (byte) (changed[at] + 1 + random.nextInt(255));
            Object read;
            try {
                read = fast(changed).readObject();
            } catch (IOException | RuntimeException refused) {
                continue;   // hessian-lite's own readers refuse it (the same code reads it after recognition)
            }
            Object expected;
            try {
                expected = stock(changed).readObject();
            } catch (IOException | RuntimeException e) {
                throw new AssertionError("read " + read + " where hessian-lite refuses: " + e, e);
            }
            if (!Arrays.equals(write(expected), write(read))) {
                fail("read " + read + ", hessian-lite " + expected + " at byte " + at);
            }
            compared++;
        }
        assertTrue(compared > 1_000, "too few changed messages read to compare: " + compared);
    }

    @Test
    void aFactoryWithoutACacheReadsEveryDefinitionInFull() throws IOException {
        byte[] bytes = write(new Line("n", 1));
        SerializerFactory plain = new SerializerFactory();
        for (int round = 0; round < 2; round++) {
            FastStringHessian2Input in = fast(bytes);
            in.setSerializerFactory(plain);
            assertEquals(new Line("n", 1), in.readObject());
            assertEquals(0, in.recognisedDefinitions());
        }
    }

    private static int countDefinitions(Object message) {
        Set<Class<?>> classes = new HashSet<>();
        collect(message, classes);
        return classes.size();
    }

    private static void collect(Object value, Set<Class<?>> classes) {
        if (value instanceof List) {
            ((List<?>) value).forEach(element -> collect(element, classes));
        } else if (value instanceof Order) {
            classes.add(Order.class);
            if (((Order) value).at != null) {
                classes.add(Instant.class);     // hessian-lite's handle class for it
            }
            collect(((Order) value).line, classes);
        } else if (value instanceof Line) {
            classes.add(Line.class);
        }
    }

    private byte[] write(Object value) {
        return Hessian.write(factory, value);
    }

    private FastStringHessian2Input fast(byte[] bytes) {
        Hessian2Input in = FastStringHessian2Input.create(new ByteArrayInputStream(bytes));
        in.setSerializerFactory(factory);
        return assertInstanceOf(FastStringHessian2Input.class, in);
    }

    private Hessian2Input stock(byte[] bytes) {
        Hessian2Input in = new Hessian2Input(new ByteArrayInputStream(bytes));
        in.setSerializerFactory(factory);
        return in;
    }

    /**
     * A factory with a cache, whose answer for a type can change between messages (a test's allow list), and whose
     * readers allocate no length before its elements arrive (hessian-time's guards, as in its Dubbo factories).
     */
    static final class CachingFactory extends SerializerFactory implements ClassDefinitionCache.Owner {
        final ClassDefinitionCache cache = new ClassDefinitionCache();
        final Set<String> refused = new HashSet<>();
        // when set: every call a class definition's reader is asked, in order
        List<String> calls;

        @Override
        public ClassDefinitionCache classDefinitions() {
            return cache;
        }

        @Override
        public Deserializer getObjectDeserializer(String type, Class cl) throws HessianProtocolException {
            if (refused.contains(type)) {
                throw new HessianProtocolException(type + " is refused");
            }
            Deserializer reader = LengthGuard.forDefinition(super.getObjectDeserializer(type, cl));
            if (calls == null) {
                return reader;
            }
            calls.add("reader " + type + (cl == null ? "" : " as " + cl.getName()));
            return new Recording(reader, type, calls);
        }

        @Override
        public Deserializer getListDeserializer(String type, Class cl) throws HessianProtocolException {
            return LengthGuard.forList(super.getListDeserializer(type, cl));
        }
    }

    /** A definition's reader, recording what it is asked to make a definition with. */
    static final class Recording extends AbstractDeserializer {
        private final Deserializer reader;
        private final String type;
        private final List<String> calls;

        Recording(Deserializer reader, String type, List<String> calls) {
            this.reader = reader;
            this.type = type;
            this.calls = calls;
        }

        @Override
        public Class<?> getType() {
            return reader.getType();
        }

        @Override
        public boolean isReadResolve() {
            return reader.isReadResolve();
        }

        @Override
        public Object[] createFields(int length) {
            calls.add("createFields " + type + " " + length);
            return reader.createFields(length);
        }

        @Override
        public Object createField(String name) {
            calls.add("createField " + type + " " + name);
            return reader.createField(name);
        }

        @Override
        public Object readObject(AbstractHessianInput in, Object[] fields) throws IOException {
            calls.add("read " + type + " " + fields.length + " fields");
            return reader.readObject(in, fields);
        }

        @Override
        public Object readObject(AbstractHessianInput in, String[] fieldNames) throws IOException {
            calls.add("read " + type + " by " + fieldNames.length + " names");
            return reader.readObject(in, fieldNames);
        }
    }

    public static final class Order implements Serializable {
        private static final long serialVersionUID = 1L;
        int id;
        String caf\u00e9;
        Instant at;
        Line line;

        Order(int id, String name, Instant at, Line line) {
            this.id = id;
            this.caf\u00e9 = name;
            this.at = at;
            this.line = line;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Order && ((Order) o).id == id && Objects.equals(((Order) o).caf\u00e9, caf\u00e9)
                    && Objects.equals(((Order) o).at, at) && Objects.equals(((Order) o).line, line);
        }

        @Override
        public int hashCode() {
            return id;
        }

        @Override
        public String toString() {
            return "Order " + id + " " + caf\u00e9 + " " + at + " " + line;
        }
    }

    public static final class Line implements Serializable {
        private static final long serialVersionUID = 1L;
        String name;
        int \u65e5;

        Line(String name, int value) {
            this.name = name;
            this.\u65e5 = value;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Line && Objects.equals(((Line) o).name, name) && ((Line) o).\u65e5 == \u65e5;
        }

        @Override
        public int hashCode() {
            return \u65e5;
        }

        @Override
        public String toString() {
            return "Line " + name + " " + \u65e5;
        }
    }
}
