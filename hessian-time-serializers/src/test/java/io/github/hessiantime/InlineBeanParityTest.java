package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.github.hessiantime.ObjectGraphs.assertSameGraph;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15, "everything else a bean does over hessian2 still holds over hessian2-time": one corpus written through
 * {@code compatible()} (stock hessian2 semantics) and through {@code compactInline()} (what hessian2-time writes),
 * each read back with its own factory, gives the same object graphs (classes, field values, shared objects and
 * cycles). On both hessian-lite lines: this class runs in both plain test executions.
 */
public class InlineBeanParityTest {
    private final SerializerFactory compatible = JavaTimeSerializerFactory.compatible().newSerializerFactory();
    private final SerializerFactory inline = JavaTimeSerializerFactory.compactInline().newSerializerFactory();

    static final Instant AT = Instant.parse("2025-11-22T10:15:30.123456789Z");
    static final LocalDateTime DT = LocalDateTime.parse("2025-11-22T10:15:30.5");
    static final LocalDate DAY = LocalDate.parse("2025-11-22");
    static final LocalTime TIME = LocalTime.parse("10:15:30");

    // --- the corpus' classes ---

    static final class Row implements Serializable {
        long id;
        String name;
        Instant created;
        LocalDateTime updated;
        LocalDate day;
        LocalTime time;

        Row() {
        }

        Row(long id, String name) {
            this.id = id;
            this.name = name;
            this.created = AT.plusSeconds(id);
            this.updated = DT.plusMinutes(id);
            this.day = DAY.plusDays(id);
            this.time = TIME.plusSeconds(id);
        }
    }

    static class Base implements Serializable {
        Instant createdAt;
        String owner;
        int version;
    }

    /** Superclass fields, the inline ones among them. */
    static final class Derived extends Base {
        LocalDate day;
        long amount;
    }

    static class Shadowed implements Serializable {
        String label;
        Instant at;
    }

    /** The same field name in the subclass and its superclass: left to hessian-lite. */
    static final class ShadowingChild extends Shadowed {
        String label;
        LocalDate day;
    }

    static class ShadowedTime implements Serializable {
        Instant at;
    }

    /** A shadowed java.time field. */
    static final class ShadowingTimeChild extends ShadowedTime {
        Instant at;
        String note;
    }

    static final class TransientAndStatic implements Serializable {
        static Instant staticAt = Instant.EPOCH;
        transient Instant transientAt;
        transient String transientText;
        Instant keptAt;
        String keptText;
    }

    /** Its writeReplace gives a form whose readResolve gives it back: both left to hessian-lite. */
    static final class Replaced implements Serializable {
        Instant at;
        String note;

        Object writeReplace() {
            ReplacedForm form = new ReplacedForm();
            form.at = at;
            form.note = note;
            return form;
        }
    }

    static final class ReplacedForm implements Serializable {
        Instant at;
        String note;

        Object readResolve() {
            Replaced replaced = new Replaced();
            replaced.at = at;
            replaced.note = note;
            return replaced;
        }
    }

    /** Its replacement is a plain bean with a java.time field, which is written inline. */
    static final class ReplacedByBean implements Serializable {
        LocalDate day;

        Object writeReplace() {
            ReplacementBean bean = new ReplacementBean();
            bean.day = day;
            return bean;
        }
    }

    static final class ReplacementBean implements Serializable {
        LocalDate day;
    }

    static final class Singleton implements Serializable {
        static final Singleton INSTANCE = new Singleton();
        Instant at = AT;

        Object readResolve() {
            return INSTANCE;
        }
    }

    /** A tree with java.time fields: parents, children, and a node that refers to itself. */
    static final class Node implements Serializable {
        String name;
        Instant at;
        Node parent;
        Node self;
        List<Node> children = new ArrayList<>();

        Node(String name, Instant at) {
            this.name = name;
            this.at = at;
        }

        Node child(String childName) {
            Node child = new Node(childName, at.plusSeconds(1));
            child.parent = this;
            children.add(child);
            return child;
        }
    }

    enum Status {
        ACTIVE,
        CLOSED {
            @Override
            String label() {
                return "closed";
            }
        };

        String label() {
            return name();
        }
    }

    /** An enum with a java.time field: hessian-lite writes only its name. */
    enum Phase {
        EARLY(Instant.EPOCH), LATE(AT);

        final Instant since;

        Phase(Instant since) {
            this.since = since;
        }
    }

    static final class WithEnums implements Serializable {
        Status status;
        Status closed;
        Phase phase;
        Status none;
        Instant at;
    }

    static final class Box<T> implements Serializable {
        T value;
        Instant at;

        Box(T value, Instant at) {
            this.value = value;
            this.at = at;
        }
    }

    static final class Page implements Serializable {
        List<Row> rows;
        Map<String, List<Row>> byName;
        Row[] top;
        LocalDateTime generatedAt;
    }

    /** java.time values in fields declared as supertypes keep the object form, beside inline fields. */
    static final class Loose implements Serializable {
        Object any;
        Temporal temporal;
        Comparable<?> comparable;
        Serializable serializable;
        Instant strict;
        LocalTime strictTime;
    }

    /** Every primitive, their boxes, and the other date types, beside the four inline types. */
    static final class AllTypes implements Serializable {
        boolean z;
        byte b;
        short s;
        char c;
        int i;
        long l;
        float f;
        double d;
        Boolean boxedZ;
        Byte boxedB;
        Short boxedS;
        Character boxedC;
        Integer boxedI;
        Long boxedL;
        Float boxedF;
        Double boxedD;
        String text;
        Date date;
        Date dateHoldingTimestamp;
        java.sql.Timestamp timestamp;
        java.sql.Date sqlDate;
        Instant at;
        LocalDateTime dt;
        LocalDate day;
        LocalTime time;
    }

    /** java.time values in arrays and collections are not inline fields: they keep the object form. */
    static final class TimeContainers implements Serializable {
        Instant[] instants;
        List<LocalDate> days;
        Map<String, LocalTime> times;
        Instant at;
    }

    static final class FinalFields implements Serializable {
        final Instant at;
        final int n;
        final LocalDate day;

        FinalFields(Instant at, int n, LocalDate day) {
            this.at = at;
            this.n = n;
            this.day = day;
        }
    }

    /** An inner class: hessian-lite writes its synthetic this$0 field, the outer object, as a plain field. */
    static final class Outer implements Serializable {
        String name = "outer";

        final class Inner implements Serializable {
            Instant at = AT;
        }
    }

    static final class NoTime implements Serializable {
        int id;
        String name;
        Date date;
        List<String> tags;
    }

    private static AllTypes allTypes(boolean max) {
        AllTypes a = new AllTypes();
        a.z = max;
        a.b = max ? Byte.MAX_VALUE : Byte.MIN_VALUE;
        a.s = max ? Short.MAX_VALUE : Short.MIN_VALUE;
        a.c = max ? Character.MAX_VALUE : Character.MIN_VALUE;
        a.i = max ? Integer.MAX_VALUE : Integer.MIN_VALUE;
        a.l = max ? Long.MAX_VALUE : Long.MIN_VALUE;
        a.f = max ? Float.MAX_VALUE : Float.NaN;
        a.d = max ? Double.MIN_VALUE : -0.0;
        a.boxedZ = !max;
        a.boxedB = (byte) -1;
        a.boxedS = (short) 300;
        a.boxedC = 'é';
        a.boxedI = -70000;
        a.boxedL = 1L << 40;
        a.boxedF = 0.1f;
        a.boxedD = Math.PI;
        a.text = max ? "text \u2603" : "";
        a.date = new Date(1_700_000_000_123L);
        a.dateHoldingTimestamp = new java.sql.Timestamp(1_700_000_000_456L);
        java.sql.Timestamp timestamp = new java.sql.Timestamp(1_700_000_000_000L);
        timestamp.setNanos(123_456_789);
        a.timestamp = timestamp;
        a.sqlDate = java.sql.Date.valueOf("2025-11-22");
        a.at = max ? Instant.MAX : Instant.MIN;     // out of the long range: reserved long and payload
        a.dt = max ? LocalDateTime.MAX : DT;
        a.day = max ? LocalDate.MAX : LocalDate.MIN;
        a.time = max ? LocalTime.MAX : LocalTime.MIN;
        return a;
    }

    /**
     * The whole corpus; each entry is written in its own stream, and all of them together in one. Also read over
     * Dubbo's hessian2 and hessian2-time by {@code dubbo.InlineBeanDubboParityTest}.
     */
    public static Map<String, Object> corpus() {
        Map<String, Object> corpus = new LinkedHashMap<>();
        Derived derived = new Derived();
        derived.createdAt = AT;
        derived.owner = "owner";
        derived.version = 3;
        derived.day = DAY;
        derived.amount = -5;
        corpus.put("superclass fields", derived);

        ShadowingChild shadowing = new ShadowingChild();
        shadowing.label = "child";
        ((Shadowed) shadowing).label = "parent";
        shadowing.at = AT;
        shadowing.day = DAY;
        corpus.put("same field name in subclass and superclass", shadowing);
        ShadowingTimeChild shadowingTime = new ShadowingTimeChild();
        shadowingTime.at = AT;
        ((ShadowedTime) shadowingTime).at = Instant.EPOCH;
        shadowingTime.note = "n";
        corpus.put("shadowed java.time field", shadowingTime);

        TransientAndStatic transients = new TransientAndStatic();
        transients.transientAt = AT;
        transients.transientText = "not written";
        transients.keptAt = AT;
        transients.keptText = "kept";
        corpus.put("transient and static", transients);

        Replaced replaced = new Replaced();
        replaced.at = AT;
        replaced.note = "replaced";
        corpus.put("writeReplace and readResolve", replaced);
        ReplacedByBean replacedByBean = new ReplacedByBean();
        replacedByBean.day = DAY;
        corpus.put("writeReplace by an inline bean", replacedByBean);
        corpus.put("readResolve to a singleton", Arrays.asList(Singleton.INSTANCE, Singleton.INSTANCE));

        Row shared = new Row(1, "shared");
        corpus.put("the same bean twice", Arrays.asList(shared, shared, new Row(2, "other")));
        Node root = new Node("root", AT);
        root.self = root;
        Node child = root.child("a");
        child.child("a1").self = child;
        root.child("b");
        corpus.put("cycles", root);

        WithEnums enums = new WithEnums();
        enums.status = Status.ACTIVE;
        enums.closed = Status.CLOSED;
        enums.phase = Phase.LATE;
        enums.at = AT;
        corpus.put("enums", Arrays.asList(enums, Status.CLOSED, Phase.EARLY));

        Row[] rows = {new Row(3, "three"), null, new Row(4, "four")};
        rows[1] = rows[0];
        corpus.put("array of beans", rows);
        corpus.put("Object array", new Object[]{new Row(5, "five"), AT, "text", null, DAY});
        corpus.put("ArrayList of beans", new ArrayList<>(Arrays.asList(new Row(6, "six"), new Row(7, "seven"))));
        corpus.put("LinkedList of beans", new LinkedList<>(Arrays.asList(new Row(8, "eight"))));
        corpus.put("LinkedHashSet of beans", new LinkedHashSet<>(Arrays.asList(new Row(9, "nine"), new Row(10, "ten"))));
        Map<String, Row> hashMap = new HashMap<>();
        hashMap.put("a", new Row(11, "eleven"));
        hashMap.put("b", null);
        corpus.put("HashMap of beans", hashMap);
        Map<Row, LocalDate> beanKeys = new LinkedHashMap<>();
        beanKeys.put(new Row(12, "twelve"), DAY);
        beanKeys.put(new Row(13, "thirteen"), null);
        corpus.put("LinkedHashMap with bean keys", beanKeys);
        TreeMap<String, Row> treeMap = new TreeMap<>();
        treeMap.put("z", new Row(14, "fourteen"));
        corpus.put("TreeMap of beans", treeMap);

        corpus.put("generic Box of a bean", new Box<>(new Row(15, "fifteen"), AT));
        corpus.put("generic Box of a Box", new Box<>(new Box<>(new Row(16, "sixteen"), null), AT));
        corpus.put("generic Box of a java.time value", new Box<>(DT, AT));
        Page page = new Page();
        page.rows = new ArrayList<>(Arrays.asList(new Row(17, "a"), new Row(18, "b")));
        page.byName = new HashMap<>();
        page.byName.put("a", page.rows);
        page.top = new Row[]{page.rows.get(1)};
        page.generatedAt = DT;
        corpus.put("a bean with a List<Row> field", page);

        Loose loose = new Loose();
        loose.any = AT;
        loose.temporal = DT;
        loose.comparable = DAY;
        loose.serializable = TIME;
        loose.strict = AT;
        loose.strictTime = TIME;
        corpus.put("java.time in Object and Temporal fields", loose);

        TimeContainers containers = new TimeContainers();
        containers.instants = new Instant[]{AT, null, Instant.MIN};
        containers.days = new ArrayList<>(Arrays.asList(DAY, LocalDate.MAX));
        containers.times = new HashMap<>();
        containers.times.put("t", TIME);
        containers.at = AT;
        corpus.put("java.time in array and collection fields", containers);
        corpus.put("final fields", new FinalFields(AT, 4, DAY));
        Outer outer = new Outer();
        corpus.put("inner class", Arrays.asList(outer.new Inner(), outer.new Inner()));

        corpus.put("null fields", new Row());
        corpus.put("every field type (max)", allTypes(true));
        corpus.put("every field type (min)", allTypes(false));
        corpus.put("every field type (defaults)", new AllTypes());
        return corpus;
    }

    private Object roundTrip(SerializerFactory factory, Object value) throws IOException {
        return Hessian.readOne(factory, Hessian.write(factory, value));
    }

    /** Entries hessian2-time reads better than hessian2: a field a subclass hides keeps its value (below). */
    public static final List<String> BETTER_THAN_HESSIAN2 = Arrays.asList(
            "same field name in subclass and superclass", "shadowed java.time field");

    @Test
    void everyCorpusEntryReadsBackAsTheSameGraphAsOverHessian2() throws IOException {
        for (Map.Entry<String, Object> entry : corpus().entrySet()) {
            if (BETTER_THAN_HESSIAN2.contains(entry.getKey())) {
                continue;
            }
            Object value = entry.getValue();
            Object overHessian2 = roundTrip(compatible, value);
            Object overInline = roundTrip(inline, value);
            try {
                assertSameGraph(overHessian2, overInline);
                // typed as the class read back (the stream's own class, after writeReplace), the path of a method
                // parameter
                Class<?> declared = overHessian2.getClass();
                assertSameGraph(Hessian.readTyped(compatible, Hessian.write(compatible, value), declared),
                        Hessian.readTyped(inline, Hessian.write(inline, value), declared));
            } catch (AssertionError | IOException e) {
                throw new AssertionError(entry.getKey() + ": " + e, e);
            }
        }
    }

    /** A typed read whose declared type is a supertype of the stream's class: the path of a base-typed parameter. */
    @Test
    void aTypedReadAsASupertypeIsAsOverHessian2() throws IOException {
        Object derived = corpus().get("superclass fields");
        for (Class<?> declared : new Class<?>[]{Base.class, Serializable.class, Object.class}) {
            Object overInline = Hessian.readTyped(inline, Hessian.write(inline, derived), declared);
            assertSameGraph(Hessian.readTyped(compatible, Hessian.write(compatible, derived), declared), overInline);
            assertEquals(DAY, ((Derived) overInline).day);
        }
    }

    /**
     * A field a subclass's field of the same name hides: hessian2 writes both under one name and its reader sets the
     * one field it finds for that name twice, so the superclass's value is lost; hessian2-time names the hidden one
     * apart ({@code ^label}) and both come back.
     */
    @Test
    void aHiddenFieldKeepsItsValueWhereHessian2DropsIt() throws IOException {
        for (String name : BETTER_THAN_HESSIAN2) {
            Object value = corpus().get(name);
            assertSameGraph(value, roundTrip(inline, value));
            assertSameGraph(value, Hessian.readTyped(inline, Hessian.write(inline, value), value.getClass()));
        }
        ShadowingChild child = (ShadowingChild) roundTrip(inline, corpus().get(BETTER_THAN_HESSIAN2.get(0)));
        assertEquals("child", child.label);
        assertEquals("parent", ((Shadowed) child).label);
        ShadowingChild overHessian2 = (ShadowingChild) roundTrip(compatible, corpus().get(BETTER_THAN_HESSIAN2.get(0)));
        assertEquals("child", overHessian2.label);
        assertNull(((Shadowed) overHessian2).label, "hessian2 drops the hidden field's value");
        ShadowingTimeChild time = (ShadowingTimeChild) roundTrip(inline, corpus().get(BETTER_THAN_HESSIAN2.get(1)));
        assertEquals(AT, time.at);
        assertEquals(Instant.EPOCH, ((ShadowedTime) time).at);
        assertTrue(text(Hessian.write(inline, time)).contains("I:^at"));
    }

    @Test
    void theWholeCorpusInOneStreamReadsBackAsTheSameGraph() throws IOException {
        Map<String, Object> corpus = corpus();
        for (String better : BETTER_THAN_HESSIAN2) {
            corpus.remove(better);
        }
        List<Object> all = new ArrayList<>(corpus.values());
        Map<String, Object> fresh = corpus();
        BETTER_THAN_HESSIAN2.forEach(fresh::remove);
        all.addAll(fresh.values());        // fresh copies: class definitions reused by later instances
        all.addAll(corpus.values());       // the same objects again: back-references across inline values and payloads
        Object overInline = roundTrip(inline, all);
        assertSameGraph(roundTrip(compatible, all), overInline);
        List<?> back = (List<?>) overInline;
        int size = corpus.size();
        assertSame(back.get(0), back.get(2 * size));
        assertSame(back.get(size - 1), back.get(3 * size - 1));
    }

    /** The corpus exercises the inline path where the issue says it applies, and stock hessian-lite elsewhere. */
    @Test
    void theCorpusIsInlinedExactlyWhereTheFormatSays() {
        for (Class<?> inlined : new Class<?>[]{Derived.class, TransientAndStatic.class, ReplacementBean.class,
                Row.class, Node.class, WithEnums.class, Box.class, Page.class, Loose.class, AllTypes.class,
                TimeContainers.class, FinalFields.class, Outer.Inner.class, ShadowingChild.class,
                ShadowingTimeChild.class}) {
            String text = text(Hessian.write(inline, new ArrayList<>(corpus().values())));
            assertTrue(text.contains("ht:" + inlined.getName()), inlined.getName());
        }
        for (Class<?> stock : new Class<?>[]{Replaced.class, ReplacedForm.class, Singleton.class, Phase.class,
                Status.class, NoTime.class}) {
            String text = text(Hessian.write(inline, new ArrayList<>(corpus().values())));
            assertFalse(text.contains("ht:" + stock.getName()), stock.getName());
        }
        String loose = text(Hessian.write(inline, corpus().get("java.time in Object and Temporal fields")));
        for (String objectForm : new String[]{"any", "temporal", "comparable", "serializable"}) {
            assertTrue(loose.contains(objectForm) && !loose.contains(":" + objectForm), objectForm + " in " + loose);
        }
        assertTrue(loose.contains("I:strict") && loose.contains("T:strictTime"), loose);
        String derived = text(Hessian.write(inline, corpus().get("superclass fields")));
        assertTrue(derived.contains("I:createdAt") && derived.contains("D:day"), derived);
    }

    @Test
    void referencesAndCyclesStayReferencesOverInline() throws IOException {
        Node root = (Node) roundTrip(inline, corpus().get("cycles"));
        assertSame(root, root.self);
        Node a = root.children.get(0);
        assertSame(root, a.parent);
        assertSame(a, a.children.get(0).self);
        assertSame(a, a.children.get(0).parent);
        assertEquals(AT.plusSeconds(2), a.children.get(0).at);
        List<?> twice = (List<?>) roundTrip(inline, corpus().get("the same bean twice"));
        assertSame(twice.get(0), twice.get(1));
        Page page = (Page) roundTrip(inline, corpus().get("a bean with a List<Row> field"));
        assertSame(page.rows, page.byName.get("a"));
        assertSame(page.rows.get(1), page.top[0]);
        Row[] rows = (Row[]) roundTrip(inline, corpus().get("array of beans"));
        assertSame(rows[0], rows[1]);
    }

    @Test
    void transientFieldsAreNotWrittenAndStaticFieldsNotTouched() throws IOException {
        TransientAndStatic.staticAt = Instant.EPOCH;
        byte[] bytes = Hessian.write(inline, corpus().get("transient and static"));
        TransientAndStatic.staticAt = AT;
        TransientAndStatic back = (TransientAndStatic) Hessian.readOne(inline, bytes);
        assertNull(back.transientAt);
        assertNull(back.transientText);
        assertEquals(AT, back.keptAt);
        assertEquals(AT, TransientAndStatic.staticAt, "reading does not set a static field");
        String text = text(bytes);
        assertFalse(text.contains("transient") || text.contains("staticAt") || text.contains("not written"), text);
    }

    @Test
    void writeReplaceAndReadResolveBehaveAsOverHessian2() throws IOException {
        Replaced replaced = (Replaced) roundTrip(inline, corpus().get("writeReplace and readResolve"));
        assertEquals(AT, replaced.at);
        assertEquals("replaced", replaced.note);
        // hessian-lite resolves nothing back for a replacement without readResolve: the replacement itself
        assertInstanceOf(ReplacementBean.class, roundTrip(inline, corpus().get("writeReplace by an inline bean")));
        List<?> singletons = (List<?>) roundTrip(inline, corpus().get("readResolve to a singleton"));
        assertSame(Singleton.INSTANCE, singletons.get(0));
        assertSame(Singleton.INSTANCE, singletons.get(1));
    }

    @Test
    void aBeanWithoutJavaTimeFieldsWritesTheSameBytes() {
        NoTime bean = new NoTime();
        bean.id = 9;
        bean.name = "nine";
        bean.date = new Date(5);
        bean.tags = new ArrayList<>(Arrays.asList("a", "b"));
        SerializerFactory stock = new SerializerFactory();
        Map<String, Object> map = new HashMap<>();
        map.put("k", bean);
        for (Object value : new Object[]{bean, Arrays.asList(bean, bean), new Object[]{bean, Status.CLOSED}, map,
                Phase.LATE, Status.CLOSED}) {
            byte[] expected = Hessian.write(stock, value);
            assertArrayEquals(expected, Hessian.write(compatible, value), String.valueOf(value));
            assertArrayEquals(expected, Hessian.write(inline, value), String.valueOf(value));
        }
    }

    /** The fields of {@link PlainAndTime} that are not java.time. */
    static final class PlainOnly implements Serializable {
        int id;
        long count;
        String name;
        Boolean flag;
        Date date;
        List<String> tags;
    }

    static final class PlainAndTime implements Serializable {
        int id;
        long count;
        String name;
        Boolean flag;
        Date date;
        List<String> tags;
        Instant at;
        LocalDate day;
    }

    /**
     * An inline instance is the class reference, the sentinel, then the other fields in exactly the bytes stock
     * hessian-lite writes for them (here: for a class with only those fields), then the inline values.
     */
    @Test
    void theNonTimeFieldsOfAnInlineBeanAreStockBytes() {
        PlainOnly plain = new PlainOnly();
        PlainAndTime timed = new PlainAndTime();
        plain.id = timed.id = 70000;
        plain.count = timed.count = -3;
        plain.name = timed.name = "name";
        plain.flag = timed.flag = Boolean.TRUE;
        plain.date = timed.date = new Date(1_700_000_000_123L);
        plain.tags = Arrays.asList("x", "y");
        timed.tags = Arrays.asList("x", "y");
        timed.at = AT;
        timed.day = DAY;
        byte[] stockInstance = laterInstance(new SerializerFactory(), plain);
        byte[] inlineInstance = laterInstance(inline, timed);
        assertEquals(stockInstance[0], inlineInstance[0], "the class reference");
        assertEquals(0x40, inlineInstance[1], "the sentinel");
        byte[] plainPart = Arrays.copyOfRange(inlineInstance, 2, 2 + stockInstance.length - 1);
        assertEquals(Hessian.hex(Arrays.copyOfRange(stockInstance, 1, stockInstance.length)), Hessian.hex(plainPart));
        // the rest: the Instant as one Hessian long (9 bytes) and the LocalDate as a short one
        int rest = inlineInstance.length - 2 - plainPart.length;
        assertTrue(rest > 9 && rest <= 9 + 9, "inline values: " + rest + " bytes");
    }

    /** The bytes of a second instance of the same class in one stream: no class definition before them. */
    private static byte[] laterInstance(SerializerFactory factory, Object bean) {
        byte[] one = Hessian.write(factory, bean);
        byte[] two = Hessian.write(factory, bean, copy(bean));
        return Arrays.copyOfRange(two, one.length, two.length);
    }

    private static Object copy(Object bean) {
        if (bean instanceof PlainOnly) {
            PlainOnly p = (PlainOnly) bean;
            PlainOnly c = new PlainOnly();
            c.id = p.id;
            c.count = p.count;
            c.name = p.name;
            c.flag = p.flag;
            c.date = p.date;
            c.tags = new ArrayList<>(p.tags);
            return c;
        }
        PlainAndTime p = (PlainAndTime) bean;
        PlainAndTime c = new PlainAndTime();
        c.id = p.id;
        c.count = p.count;
        c.name = p.name;
        c.flag = p.flag;
        c.date = p.date;
        c.tags = new ArrayList<>(p.tags);
        c.at = p.at;
        c.day = p.day;
        return c;
    }

    // --- class evolution: the stream names the writer's class, renamed (same length) to the reader's ---

    static final class EvoA implements Serializable {
        int id;
        String name;
        Instant at;
        LocalDate onlyA;
        String plainOnlyA;
        Row row;
    }

    static final class EvoB implements Serializable {
        int id;
        String name;
        Instant at;
        LocalTime onlyB;
        String plainOnlyB = "default";
        long countOnlyB = 5;
        Row row;
    }

    private static Object readRenamed(SerializerFactory factory, Object written, Class<?> readAs) throws IOException {
        String from = written.getClass().getName();
        String to = readAs.getName();
        assertEquals(from.length(), to.length());
        byte[] renamed = text(Hessian.write(factory, written)).replace(from, to).getBytes(StandardCharsets.ISO_8859_1);
        return Hessian.readOne(factory, renamed);
    }

    @Test
    void classEvolutionInBothDirectionsIsAsOverHessian2() throws IOException {
        EvoA a = new EvoA();
        a.id = 1;
        a.name = "a";
        a.at = AT;
        a.onlyA = DAY;
        a.plainOnlyA = "only in A";
        a.row = new Row(20, "row");
        EvoB b = new EvoB();
        b.id = 2;
        b.name = "b";
        b.at = null;
        b.onlyB = TIME;
        b.plainOnlyB = "only in B";
        b.countOnlyB = 6;
        b.row = new Row(21, "row");

        EvoB aAsB = (EvoB) readRenamed(inline, a, EvoB.class);
        assertSameGraph(readRenamed(compatible, a, EvoB.class), aAsB);
        assertEquals(1, aAsB.id);
        assertEquals(AT, aAsB.at);
        assertNull(aAsB.onlyB);
        assertEquals(AT.plusSeconds(20), aAsB.row.created);

        EvoA bAsA = (EvoA) readRenamed(inline, b, EvoA.class);
        assertSameGraph(readRenamed(compatible, b, EvoA.class), bAsA);
        assertEquals(2, bAsA.id);
        assertNull(bAsA.at);
        assertNull(bAsA.onlyA);
        assertNull(bAsA.plainOnlyA);
        assertEquals(DT.plusMinutes(21), bAsA.row.updated);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }
}
