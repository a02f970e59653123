package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.CraftedStream;
import io.github.hessiantime.Hessian;
import io.github.hessiantime.HostileDtos;
import io.github.hessiantime.JavaTimeSerializerFactory;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Date;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15, security: every class the inline bean path instantiates goes through Dubbo's class checker exactly as
 * over hessian2. Beans with java.time fields, written over hessian2 and over hessian2-time (inline), get the same
 * verdict from both readers: refused, read as a map, or built.
 *
 * <p>Every scenario has classes of its own: hessian-lite remembers the names it failed to resolve in a JVM-wide cache,
 * so a class refused under STRICT would read as a map in a later WARN test of this JVM whichever serialization it
 * used. Dubbo's {@code setCheckStatus} only ever relaxes a framework's mode, so a stream written under WARN and read
 * under STRICT is written in a framework of its own ({@link #writeUnder}).
 */
class InlineBeanSecurityTest {
    private static final Instant AT = Instant.parse("2025-11-22T10:15:30.123456Z");
    private static final String HESSIAN2 = "hessian2";
    private static final String HESSIAN2_TIME = Hessian2TimeSerialization.NAME;

    @RegisterExtension
    final DubboFramework dubbo = new DubboFramework();

    /** Side effects of the gadget classes: their static initializer, constructor and readResolve, by class. */
    static final Map<String, AtomicInteger> SIDE_EFFECTS = new ConcurrentHashMap<>();

    static void sideEffect(String what) {
        SIDE_EFFECTS.computeIfAbsent(what, k -> new AtomicInteger()).incrementAndGet();
    }

    static int sideEffects(Class<?> gadget) {
        // a class literal loads the class without initializing it, so asking does not cause one
        String prefix = gadget.getSimpleName() + ".";
        return SIDE_EFFECTS.entrySet().stream().filter(e -> e.getKey().startsWith(prefix))
                .mapToInt(e -> e.getValue().get()).sum();
    }

    // --- one pair of classes per scenario; each has an int and inline java.time fields ---

    public static final class StrictRefused implements Serializable {
        int n = 3;
        Instant at = AT;
    }

    public static final class DeniedBean implements Serializable {
        int n = 4;
        Instant at = AT;
    }

    public static final class AllowedBean implements Serializable {
        int n = 5;
        Instant at = AT;
        LocalDate day = LocalDate.of(2025, 11, 22);
        Object nested;
    }

    /** Refused under STRICT inside an allowed inline bean. */
    public static final class NestedRefused implements Serializable {
        int n = 6;
        Instant at = AT;
    }

    public static final class OutsideAllowlist implements Serializable {
        int n = 7;
        Instant at = AT;
        LocalDate day = LocalDate.of(2025, 11, 22);
    }

    public static final class NotSerializableTimed {
        int n = 8;
        Instant at = AT;
    }

    public static final class NotSerializableAllowed {
        int n = 9;
        Instant at = AT;
    }

    /** Harmless, written; the stream is then renamed (same length) to {@link GadgetClass}. */
    public static final class GadgetShape implements Serializable {
        int n = 10;
        Instant at = AT;
    }

    /** Gadget-shaped: loading, constructing and resolving it each has an observable effect. */
    public static final class GadgetClass implements Serializable {
        static {
            sideEffect("GadgetClass.<clinit>");
        }

        int n;
        Instant at;

        public GadgetClass() {
            sideEffect("GadgetClass.<init>");
        }

        Object readResolve() {
            sideEffect("GadgetClass.readResolve");
            return this;
        }
    }

    public static final class GadgetShapeW implements Serializable {
        int n = 11;
        Instant at = AT;
    }

    /** The same gadget for the WARN test, a class of its own (see the class comment). */
    public static final class GadgetWarned implements Serializable {
        static {
            sideEffect("GadgetWarned.<clinit>");
        }

        int n;
        Instant at;

        public GadgetWarned() {
            sideEffect("GadgetWarned.<init>");
        }

        Object readResolve() {
            sideEffect("GadgetWarned.readResolve");
            return this;
        }
    }

    /** The DTO of the 80-byte stream: no java.time field, so hessian-lite builds it over either id. */
    public static final class AttackedDto implements Serializable {
        Date date;
        String name;
    }

    // --- the scenarios ---

    /**
     * Issue 25's attack under STRICT with the DTO allowed: its Date field holding a back reference to the DTO itself.
     * Over hessian2, Dubbo builds the DTO with the DTO in its Date field (looked at here by reflection only: the first
     * call on that field, a {@code toString()}, crashed the JVM); over hessian2-time the message is refused, naming
     * the field, its declared type and what it held.
     */
    @Test
    void aBackReferenceInADateFieldIsRefusedOverHessian2TimeWhereHessian2StoresIt() throws Exception {
        dubbo.securityManager().setCheckStatus(SerializeCheckStatus.STRICT);
        dubbo.securityManager().addToAllowed(AttackedDto.class.getName());
        byte[] attack = new CraftedStream().object(AttackedDto.class.getName(), "date", "name").ref(0).string("x")
                .bytes();
        for (Class<?> typed : new Class<?>[]{AttackedDto.class, null}) {
            Object overHessian2 = dubbo.read(HESSIAN2, attack, typed);
            assertEquals(java.util.Collections.singletonList(AttackedDto.class.getName() + ".date: "
                    + AttackedDto.class.getName()), HostileDtos.wrongTypedFields(overHessian2));
            IOException refused = assertThrows(IOException.class, () -> dubbo.read(HESSIAN2_TIME, attack, typed));
            assertTrue(messages(refused).contains(AttackedDto.class.getName() + ".date: declared java.util.Date, "
                    + "and the stream holds a " + AttackedDto.class.getName()), messages(refused));
        }
    }

    @Test
    void aClassOutsideTheAllowlistIsRefusedUnderStrictLikeHessian2() throws Exception {
        dubbo.securityManager().setCheckStatus(SerializeCheckStatus.STRICT);
        for (String name : Arrays.asList(HESSIAN2, HESSIAN2_TIME)) {
            Exception refused = assertThrows(Exception.class, () -> dubbo.write(name, new StrictRefused()), name);
            assertTrue(messages(refused).contains(StrictRefused.class.getName() + " is not in allow list"),
                    name + ": " + messages(refused));
        }
        // written where the writer's checks let it, read under STRICT: the crafted ht: type is refused as the plain
        // name over hessian2
        byte[] hessian2 = writeUnder(SerializeCheckStatus.WARN, HESSIAN2, new StrictRefused());
        byte[] inline = writeUnder(SerializeCheckStatus.WARN, HESSIAN2_TIME, new StrictRefused());
        assertInline(inline, StrictRefused.class);
        assertSameVerdict("map [at, n]", hessian2, inline, null);
        assertSameVerdict("refused", hessian2, inline, StrictRefused.class);
        assertSameVerdict("map [at, n]", hessian2, inline, Object.class);
        assertTrue(dubbo.securityManager().getWarnedClasses().contains(StrictRefused.class.getName()));
    }

    @Test
    void aDeniedClassStaysRefusedUnderStrictLikeHessian2() throws Exception {
        SerializeSecurityManager security = dubbo.securityManager();
        byte[] hessian2 = writeUnder(SerializeCheckStatus.WARN, HESSIAN2, new DeniedBean());
        byte[] inline = writeUnder(SerializeCheckStatus.WARN, HESSIAN2_TIME, new DeniedBean());
        assertInline(inline, DeniedBean.class);
        security.addToAllowed(DeniedBean.class.getName());
        security.addToDisAllowed(DeniedBean.class.getName());
        security.addToAllowed(DeniedBean.class.getName());      // ignored: the deny list wins
        security.setCheckStatus(SerializeCheckStatus.STRICT);
        assertSameVerdict("map [at, n]", hessian2, inline, null);
        assertSameVerdict("refused", hessian2, inline, DeniedBean.class);
    }

    /** The positive control of the two above: an allowed class is built by both, with its values. */
    @Test
    void anAllowedClassIsBuiltUnderStrictAndWhatItHoldsIsStillChecked() throws Exception {
        SerializeSecurityManager security = dubbo.securityManager();
        AllowedBean bean = new AllowedBean();
        bean.nested = new NestedRefused();
        byte[] hessian2 = writeUnder(SerializeCheckStatus.WARN, HESSIAN2, bean);
        byte[] inline = writeUnder(SerializeCheckStatus.WARN, HESSIAN2_TIME, bean);
        assertInline(inline, AllowedBean.class);
        assertInline(inline, NestedRefused.class);
        security.addToAllowed(AllowedBean.class.getName());
        security.setCheckStatus(SerializeCheckStatus.STRICT);
        for (Class<?> typed : new Class<?>[]{null, AllowedBean.class, Object.class}) {
            assertSameVerdict("built " + AllowedBean.class.getName(), hessian2, inline, typed);
            AllowedBean overHessian2 = (AllowedBean) dubbo.read(HESSIAN2, hessian2, typed);
            AllowedBean overInline = (AllowedBean) dubbo.read(HESSIAN2_TIME, inline, typed);
            assertEquals(5, overInline.n);
            assertEquals(AT, overInline.at);
            assertEquals(bean.day, overInline.day);
            // the nested bean's class is refused by both: a map of its fields, never a NestedRefused
            assertInstanceOf(Map.class, overHessian2.nested);
            assertInstanceOf(Map.class, overInline.nested);
            assertEquals(new TreeSet<>(((Map<?, ?>) overHessian2.nested).keySet()),
                    new TreeSet<>(((Map<?, ?>) overInline.nested).keySet()));
            assertEquals(6, ((Map<?, ?>) overInline.nested).get("n"));
            assertEquals(AT, ((Map<?, ?>) overInline.nested).get("at"));
        }
    }

    @Test
    void aGadgetIsNeverLoadedConstructedOrResolvedUnderStrict() throws Exception {
        byte[] hessian2 = renamed(stockBytes(new GadgetShape()), GadgetShape.class, GadgetClass.class);
        byte[] inline = renamed(inlineBytes(new GadgetShape()), GadgetShape.class, GadgetClass.class);
        assertInline(inline, GadgetClass.class);
        dubbo.securityManager().setCheckStatus(SerializeCheckStatus.STRICT);
        assertSameVerdict("map [at, n]", hessian2, inline, null);
        assertSameVerdict("map [at, n]", hessian2, inline, Object.class);
        assertEquals(0, sideEffects(GadgetClass.class), SIDE_EFFECTS.toString());
        assertTrue(dubbo.securityManager().getWarnedClasses().contains(GadgetClass.class.getName()));
    }

    /**
     * Under WARN hessian2 builds the gadget and calls its readResolve. hessian2-time resolves the class the same way
     * (Dubbo's check, which only warns) and does the same: built, every field set, then resolved, once each.
     */
    @Test
    void underWarnAnInlineStreamNamingAReadResolveClassIsBuiltAndResolvedLikeHessian2() throws Exception {
        byte[] hessian2 = renamed(stockBytes(new GadgetShapeW()), GadgetShapeW.class, GadgetWarned.class);
        byte[] inline = renamed(inlineBytes(new GadgetShapeW()), GadgetShapeW.class, GadgetWarned.class);
        dubbo.securityManager().setCheckStatus(SerializeCheckStatus.WARN);
        assertEquals("built " + GadgetWarned.class.getName(), verdict(HESSIAN2_TIME, inline, null));
        assertEquals(1, SIDE_EFFECTS.get("GadgetWarned.readResolve").get(), "resolved once: " + SIDE_EFFECTS);
        GadgetWarned back = (GadgetWarned) dubbo.read(HESSIAN2_TIME, inline, null);
        assertEquals(11, back.n);
        assertEquals(AT, back.at);
        assertEquals("built " + GadgetWarned.class.getName(), verdict(HESSIAN2, hessian2, null));
        assertEquals(3, SIDE_EFFECTS.get("GadgetWarned.readResolve").get(), "hessian2 resolved it too: " + SIDE_EFFECTS);
    }

    @Test
    void warnAndDisableBuildAClassOutsideTheAllowlistLikeHessian2() throws Exception {
        for (SerializeCheckStatus status : Arrays.asList(SerializeCheckStatus.WARN, SerializeCheckStatus.DISABLE)) {
            dubbo.securityManager().setCheckStatus(status);
            byte[] hessian2 = dubbo.write(HESSIAN2, new OutsideAllowlist());
            byte[] inline = dubbo.write(HESSIAN2_TIME, new OutsideAllowlist());
            assertInline(inline, OutsideAllowlist.class);
            for (Class<?> typed : new Class<?>[]{null, OutsideAllowlist.class, Object.class}) {
                assertSameVerdict("built " + OutsideAllowlist.class.getName(), hessian2, inline, typed);
                OutsideAllowlist back = (OutsideAllowlist) dubbo.read(HESSIAN2_TIME, inline, typed);
                assertEquals(7, back.n);
                assertEquals(AT, back.at);
                assertEquals(LocalDate.of(2025, 11, 22), back.day);
            }
        }
    }

    @Test
    void aNonSerializableBeanIsRefusedByDefaultLikeHessian2() throws Exception {
        // each mode in turn: Dubbo only ever relaxes a framework's mode
        for (SerializeCheckStatus status : Arrays.asList(SerializeCheckStatus.STRICT, SerializeCheckStatus.WARN,
                SerializeCheckStatus.DISABLE)) {
            dubbo.securityManager().setCheckStatus(status);
            String overHessian2 = messages(assertThrows(Exception.class,
                    () -> dubbo.write(HESSIAN2, new NotSerializableTimed())));
            String overInline = messages(assertThrows(Exception.class,
                    () -> dubbo.write(HESSIAN2_TIME, new NotSerializableTimed())));
            assertEquals(overHessian2, overInline, status.toString());
        }
        // a stream made elsewhere is refused when read, too, even under DISABLE (the mode now): Dubbo's check refuses
        // the non-Serializable class
        byte[] hessian2 = stockBytes(new NotSerializableTimed());
        byte[] inline = inlineBytes(new NotSerializableTimed());
        assertInline(inline, NotSerializableTimed.class);
        assertSameVerdict("map [at, n]", hessian2, inline, null);
        assertSameVerdict("refused", hessian2, inline, NotSerializableTimed.class);
    }

    @Test
    void aNonSerializableBeanIsBuiltUnderAllowNonSerializableLikeHessian2() throws Exception {
        String property = "dubbo.hessian.allowNonSerializable";
        String before = System.getProperty(property);
        System.setProperty(property, "true");   // read when this framework creates its factories, below
        try {
            dubbo.securityManager().setCheckSerializable(false);
            dubbo.securityManager().addToAllowed(NotSerializableAllowed.class.getName());
            for (SerializeCheckStatus status : Arrays.asList(SerializeCheckStatus.STRICT, SerializeCheckStatus.WARN,
                    SerializeCheckStatus.DISABLE)) {
                dubbo.securityManager().setCheckStatus(status);
                byte[] hessian2 = dubbo.write(HESSIAN2, new NotSerializableAllowed());
                byte[] inline = dubbo.write(HESSIAN2_TIME, new NotSerializableAllowed());
                assertInline(inline, NotSerializableAllowed.class);
                for (Class<?> typed : new Class<?>[]{null, NotSerializableAllowed.class}) {
                    assertSameVerdict("built " + NotSerializableAllowed.class.getName(), hessian2, inline, typed);
                    NotSerializableAllowed back = (NotSerializableAllowed) dubbo.read(HESSIAN2_TIME, inline, typed);
                    assertEquals(9, back.n);
                    assertEquals(AT, back.at);
                }
            }
        } finally {
            if (before == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, before);
            }
        }
    }

    // --- helpers ---

    /** Both readers give {@code expected}: "refused" (an exception), "map [its keys]" or "built CLASS". */
    private void assertSameVerdict(String expected, byte[] hessian2, byte[] inline, Class<?> typed) {
        String as = typed == null ? "untyped" : "typed as " + typed.getSimpleName();
        assertEquals(expected, verdict(HESSIAN2, hessian2, typed), "hessian2, " + as);
        assertEquals(expected, verdict(HESSIAN2_TIME, inline, typed), "hessian2-time, " + as);
    }

    private String verdict(String serialization, byte[] bytes, Class<?> typed) {
        Object value;
        try {
            value = dubbo.read(serialization, bytes, typed);
        } catch (Exception e) {
            return "refused";
        }
        if (value instanceof Map) {
            return "map " + new TreeSet<>(((Map<?, ?>) value).keySet());
        }
        return value == null ? "null" : "built " + value.getClass().getName();
    }


    /** Written by Dubbo in another framework whose mode is {@code status}. */
    private static byte[] writeUnder(SerializeCheckStatus status, String serialization, Object value)
            throws IOException {
        FrameworkModel writer = new FrameworkModel();
        writer.getBeanFactory().getBean(SerializeSecurityManager.class).setCheckStatus(status);
        return DubboFramework.writeElsewhere(writer, serialization, value);
    }


    /** What a peer outside Dubbo's checks writes over hessian2: stock hessian-lite. */
    private static byte[] stockBytes(Object value) {
        SerializerFactory factory = new SerializerFactory();
        factory.setAllowNonSerializable(true);
        return Hessian.write(factory, value);
    }

    /** What a peer outside Dubbo's checks writes over hessian2-time: hessian-time's inline factory. */
    private static byte[] inlineBytes(Object value) {
        SerializerFactory factory = JavaTimeSerializerFactory.compactInline().newSerializerFactory();
        factory.setAllowNonSerializable(true);
        return Hessian.write(factory, value);
    }

    private static byte[] renamed(byte[] bytes, Class<?> from, Class<?> to) {
        assertEquals(from.getName().length(), to.getName().length());
        return new String(bytes, StandardCharsets.ISO_8859_1).replace(from.getName(), to.getName())
                .getBytes(StandardCharsets.ISO_8859_1);
    }

    private static void assertInline(byte[] bytes, Class<?> bean) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        assertTrue(text.contains("ht:" + bean.getName()), "an inline class definition of " + bean.getName());
    }

    private static String messages(Throwable t) {
        StringBuilder messages = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            messages.append(c.getMessage()).append(" | ");
        }
        return messages.toString();
    }
}
