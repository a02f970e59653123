package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.JdkCollectionDeserializer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Collection;
import java.util.EnumSet;
import java.util.GregorianCalendar;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.TreeSet;
import java.util.function.Supplier;

import static io.github.hessiantime.ObjectGraphs.assertSameGraph;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Issue 25, "nothing else changes": where hessian-lite's bean reader has behaviour users rely on, the type-safe reader
 * keeps it, side by side with stock hessian-lite. Each value is written by stock hessian-lite and read by stock
 * hessian-lite and by hessian-time's factories (and written and read by hessian-time's own), and the graphs are the
 * same: enums, readResolve, Throwables, collection and map subclasses, records, java.sql types, hessian-lite's handles
 * (Calendar, Locale, BigDecimal...). On both hessian-lite lines.
 */
class StockBehavioursTest {
    private static final boolean LINE_4 = Hessian.hessianLiteLine().equals("4.0");
    private final SerializerFactory stock = new SerializerFactory();

    private static List<SerializerFactory> ours() {
        return Arrays.asList(Hessian.compatibleFactory(), Hessian.compactFactory(),
                JavaTimeSerializerFactory.compactInline().newSerializerFactory());
    }

    enum Level {
        LOW, HIGH {
            @Override
            String label() {
                return "high";
            }
        };

        String label() {
            return name();
        }
    }

    /** A singleton: readResolve gives the one instance back. */
    static final class Singleton implements Serializable {
        static final Singleton INSTANCE = new Singleton();
        String name = "one";

        Object readResolve() {
            return INSTANCE;
        }
    }

    /** readResolve gives another object, built from the fields read. */
    static final class Interned implements Serializable {
        String key;
        transient String derived;

        Object readResolve() {
            Interned interned = new Interned();
            interned.key = key;
            interned.derived = "resolved " + key;
            return interned;
        }
    }

    public static final class Tags extends ArrayList<String> {
        public Tags(String... tags) {
            super(Arrays.asList(tags));
        }

        public Tags() {
        }
    }

    public static final class Scores extends LinkedHashMap<String, Integer> {
        public Scores() {
        }
    }

    /** A map subclass hessian-lite cannot construct (no public constructor): it makes a HashMap instead. */
    static final class HiddenScores extends LinkedHashMap<String, Integer> {
    }

    static final class HiddenScoresHolder implements Serializable {
        HiddenScores scores;
    }

    static final class AppException extends Exception {
        String code;

        AppException(String message, String code, Throwable cause) {
            super(message, cause);
            this.code = code;
        }
    }

    record Point(int x, int y, String label) implements Serializable {
    }

    static final class Holder implements Serializable {
        Level level;
        Level high;
        EnumSet<Level> levels;
        Singleton singleton;
        Interned interned;
        Tags tags;
        Scores scores;
        java.sql.Date sqlDate;
        java.sql.Time sqlTime;
        java.sql.Timestamp timestamp;
        Object timestampAsObject;
        BigDecimal amount;
        BigInteger big;
        Locale locale;
        Class<?> type;
        Object any;
    }

    private static Holder holder() {
        Holder holder = new Holder();
        holder.level = Level.LOW;
        holder.high = Level.HIGH;
        holder.levels = LINE_4 ? EnumSet.of(Level.HIGH) : null;   // 3.2.x: by reflection, refused on JDK 9+
        holder.singleton = Singleton.INSTANCE;
        holder.interned = new Interned();
        holder.interned.key = "k";
        holder.tags = new Tags("a", "b");
        holder.scores = new Scores();
        holder.scores.put("s", 3);
        holder.sqlDate = java.sql.Date.valueOf("2025-11-22");
        holder.sqlTime = java.sql.Time.valueOf("10:15:30");
        holder.timestamp = new java.sql.Timestamp(1_700_000_000_123L);
        holder.timestampAsObject = new java.sql.Timestamp(1_700_000_000_456L);
        holder.amount = new BigDecimal("-12.340");
        // hessian-lite 3.2.x writes a BigInteger by reflection, which java.base refuses on JDK 9+
        holder.big = LINE_4 ? BigInteger.TEN.pow(30) : null;
        holder.locale = Locale.CANADA_FRENCH;
        holder.type = Instant.class;
        holder.any = Arrays.asList(Level.HIGH, new Tags("x"), Singleton.INSTANCE);
        return holder;
    }

    @Test
    void beansOfEveryKindReadAsStockReadsThem() throws IOException {
        for (Object value : new Object[]{holder(), Level.HIGH, new Tags("t"), Singleton.INSTANCE,
                Arrays.asList(holder(), holder())}) {
            byte[] stockBytes = Hessian.write(stock, value);
            Object overStock = Hessian.readOne(stock, stockBytes);
            for (SerializerFactory factory : ours()) {
                assertSameGraph(overStock, Hessian.readOne(factory, stockBytes));
                assertSameGraph(overStock, Hessian.readOne(factory, Hessian.write(factory, value)));
                assertSameGraph(Hessian.readTyped(stock, stockBytes, value.getClass()),
                        Hessian.readTyped(factory, stockBytes, value.getClass()));
            }
        }
    }

    @Test
    void readResolveAndEnumsKeepTheirIdentity() throws IOException {
        for (SerializerFactory factory : ours()) {
            Holder back = (Holder) Hessian.readOne(factory, Hessian.write(stock, holder()));
            assertSame(Singleton.INSTANCE, back.singleton);
            assertSame(Level.HIGH, back.high);
            assertEquals("resolved k", back.interned.derived);
            assertInstanceOf(Tags.class, back.tags);
            assertInstanceOf(Scores.class, back.scores);
            assertEquals(holder().timestampAsObject, back.timestampAsObject);
        }
    }

    static final class Account implements Serializable {
        String name = "account";
    }

    static final class Transfer implements Serializable {
        Account from;
    }

    /**
     * A Calendar: hessian-lite reads its handle back as the Calendar. Its 4.0.x writer gives a Calendar two reference
     * slots (the Calendar's and its handle's) where every reader counts one, so each back reference after a Calendar
     * in a message reaches the object after the one meant: stock hessian-lite then stores that object in the field,
     * whatever its type (which crashed this test's JVM when it was the class of an EnumSet); the type-safe reader
     * refuses it where the type differs.
     */
    @Test
    void aCalendarComesBackAndStockReferencesAfterItAreOneOff() throws IOException {
        GregorianCalendar calendar = new GregorianCalendar(TimeZone.getTimeZone("Asia/Shanghai"));
        calendar.setTimeInMillis(1_700_000_000_789L);
        for (SerializerFactory factory : ours()) {
            Calendar back = (Calendar) Hessian.readOne(factory, Hessian.write(stock, calendar));
            assertEquals(calendar.getTimeInMillis(), back.getTimeInMillis());
            assertEquals(((Calendar) Hessian.readOne(stock, Hessian.write(stock, calendar))).getTimeZone(),
                    back.getTimeZone());
        }
        Account account = new Account();
        Transfer transfer = new Transfer();
        transfer.from = account;
        byte[] bytes = Hessian.write(stock, calendar, account, transfer);
        if (LINE_4) {
            Object overStock = Hessian.read(stock, bytes, 3).get(2);
            assertEquals(Arrays.asList(Transfer.class.getName() + ".from: " + Transfer.class.getName()),
                    HostileDtos.wrongTypedFields(overStock));
            for (SerializerFactory factory : ours()) {
                IOException e = assertThrows(IOException.class, () -> Hessian.read(factory, bytes, 3));
                assertTrue(e.getMessage().contains("Transfer.from: declared " + Account.class.getName()),
                        e.getMessage());
            }
        } else {
            // 3.2.x writes a Calendar in one slot: the reference reaches the account
            for (SerializerFactory factory : ours()) {
                List<Object> back = Hessian.read(factory, bytes, 3);
                assertSame(back.get(1), ((Transfer) back.get(2)).from);
            }
        }
    }

    /**
     * Where stock hessian-lite cannot make a field's collection class it makes a HashMap or ArrayList and stores that
     * in the field anyway (4.0.x; a wrong object in a valid stream's bean). The type-safe reader refuses it instead.
     */
    @Test
    void aMapSubclassHessianLiteCannotMakeIsRefusedWhereStockStoresAHashMap() throws IOException {
        HiddenScoresHolder holder = new HiddenScoresHolder();
        holder.scores = new HiddenScores();
        holder.scores.put("s", 1);
        byte[] bytes = Hessian.write(stock, holder);
        if (LINE_4) {
            assertEquals(Arrays.asList(HiddenScoresHolder.class.getName() + ".scores: java.util.HashMap"),
                    HostileDtos.wrongTypedFields(Hessian.readOne(stock, bytes)));
        }
        for (SerializerFactory factory : ours()) {
            IOException e = assertThrows(IOException.class, () -> Hessian.readOne(factory, bytes));
            assertTrue(e.getMessage().contains("HiddenScoresHolder.scores: declared "
                    + HiddenScores.class.getName() + ", and the stream holds a java.util.HashMap"), e.getMessage());
        }
    }

    /**
     * A Throwable with a cause, a suppressed one and a field of its own. hessian-lite 4.0.x sets a Throwable's fields
     * with Unsafe, as the type-safe reader does there (3.2.x reflects, which java.base refuses on JDK 9+).
     */
    @Test
    void throwablesReadAsStockReadsThem() throws Exception {
        // hessian-lite 3.2.x reads and writes a Throwable's fields by reflection, which java.base refuses on JDK 9+
        assumeTrue(LINE_4, "hessian-lite 3.2.x cannot write a Throwable on this JDK");
        AppException error = new AppException("failed", "E42", new IllegalArgumentException("cause"));
        error.addSuppressed(new IllegalStateException("suppressed"));
        byte[] stockBytes = Hessian.write(stock, error);
        for (SerializerFactory factory : ours()) {
            AppException overStock = (AppException) Hessian.readOne(stock, stockBytes);
            AppException back = (AppException) Hessian.readOne(factory, stockBytes);
            assertEquals(overStock.getMessage(), back.getMessage());
            assertEquals("E42", back.code);
            assertEquals(overStock.getCause().getClass(), back.getCause().getClass());
            assertEquals("cause", back.getCause().getMessage());
            assertArrayEquals(error.getStackTrace(), back.getStackTrace());
            assertArrayEquals(overStock.getCause().getStackTrace(), back.getCause().getStackTrace());
            assertEquals(1, back.getSuppressed().length);
            assertEquals("suppressed", back.getSuppressed()[0].getMessage());
            assertEquals(error.getCause().getCause(), back.getCause().getCause());
        }
    }

    /**
     * Records: hessian-lite 4.0.x makes them with their canonical constructor, and so does the type-safe reader on
     * both lines (3.2.x's own reader cannot set a record's fields).
     */
    @Test
    void recordsReadAsHessianLite4ReadsThem() throws IOException {
        Point point = new Point(3, -4, "p");
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("a", point);
        value.put("b", point);
        byte[] stockBytes = Hessian.write(stock, value);
        for (SerializerFactory factory : ours()) {
            Map<?, ?> back = (Map<?, ?>) Hessian.readOne(factory, stockBytes);
            assertEquals(point, back.get("a"));
            assertSame(back.get("a"), back.get("b"));
            assertEquals(point, Hessian.readTyped(factory, Hessian.write(factory, point), Point.class));
            if (LINE_4) {
                assertEquals(Hessian.readOne(stock, stockBytes), back);
            } else {
                assertThrows(IOException.class, () -> Hessian.readOne(stock, stockBytes));
            }
        }
    }

    /** Two fields holding one collection, and a row that points back at the collection that holds it. */
    static final class Shelf implements Serializable {
        Collection<Object> items;
        Collection<Object> sameItems;
        Instant at = Instant.ofEpochSecond(1_700_000_000L, 5);
    }

    static final class Item implements Serializable, Comparable<Item> {
        String name;
        Object owner;

        @Override
        public int compareTo(Item other) {
            return name.compareTo(other.name);
        }
    }

    /**
     * The JDK's common collections are made by hessian-time's own reader ({@code JdkCollectionDeserializer}), with
     * {@code new} instead of hessian-lite's {@code Class.newInstance()}: each reads back as stock hessian-lite reads
     * it, the same class, elements and references (a collection held twice, an element pointing back at its
     * collection, one collection inside another), from stock bytes and from hessian-time's own, as a fixed-length and
     * as an open list, untyped and typed.
     */
    @Test
    void theJdkCollectionsReadAsStockReadsThem() throws IOException {
        List<Supplier<Collection<Object>>> kinds = Arrays.asList(ArrayList::new, LinkedList::new, HashSet::new,
                LinkedHashSet::new, TreeSet::new);
        for (Supplier<Collection<Object>> kind : kinds) {
            Collection<Object> items = kind.get();
            Shelf shelf = new Shelf();
            for (String name : new String[]{"b", "a", "c"}) {
                Item item = new Item();
                item.name = name;
                item.owner = items;
                items.add(item);
            }
            shelf.items = items;
            shelf.sameItems = items;
            Collection<Object> outer = kind.get();
            outer.add(items instanceof TreeSet ? "only" : items);
            byte[] openList = openList(items.getClass().getName(), "x", "y");
            for (Object value : new Object[]{shelf, items, outer}) {
                byte[] stockBytes = Hessian.write(stock, value);
                Object overStock = Hessian.readOne(stock, stockBytes);
                for (SerializerFactory factory : ours()) {
                    assertInstanceOf(JdkCollectionDeserializer.class,
                            factory.getListDeserializer(items.getClass().getName(), null), factory.toString());
                    assertSameGraph(overStock, Hessian.readOne(factory, stockBytes));
                    assertSameGraph(overStock, Hessian.readOne(factory, Hessian.write(factory, value)));
                    assertSameGraph(Hessian.readTyped(stock, stockBytes, value.getClass()),
                            Hessian.readTyped(factory, stockBytes, value.getClass()));
                    assertSameOutcome(() -> Hessian.readOne(stock, openList), () -> Hessian.readOne(factory, openList));
                    assertSameOutcome(() -> Hessian.readTyped(stock, openList, items.getClass()),
                            () -> Hessian.readTyped(factory, openList, items.getClass()));
                }
            }
        }
    }

    interface Read {
        Object run() throws IOException;
    }

    /** The same graph from both reads, or the same kind of error from both. */
    private static void assertSameOutcome(Read expected, Read actual) {
        Object value;
        try {
            value = expected.run();
        } catch (IOException e) {
            assertEquals(e.getClass(), assertThrows(IOException.class, actual::run).getClass());
            return;
        }
        try {
            assertSameGraph(value, actual.run());
        } catch (IOException e) {
            throw new AssertionError("stock read " + value + ", hessian-time failed", e);
        }
    }

    /**
     * A list ended by 'Z' (hessian-lite writes one for an Iterator), of {@code type}. Stock hessian-lite reads each
     * element of such a list as a list of that type, and fails on a string: hessian-time's reader does the same.
     */
    private static byte[] openList(String type, String... elements) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        out.writeListBegin(-1, type);
        for (String element : elements) {
            out.writeString(element);
        }
        out.writeListEnd();
        out.flush();
        return bytes.toByteArray();
    }
}
