package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
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
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 15: "a reader without hessian-time fails visibly on the first instance, for every one of those shapes". Inline
 * streams (what {@code compactInline()} and hessian2-time write) given to stock hessian-lite 4.0.4 and 3.2.13 in a
 * child JVM, without and with our jar on its class path, and to stock and non-inline hessian-time factories in this
 * JVM: every read, untyped, typed as the bean's class, or typed as Object, ends in an exception, never a value.
 */
class InlineOldReaderTest {
    private static final SerializerFactory INLINE = JavaTimeSerializerFactory.compactInline().newSerializerFactory();

    static final class OneInstant implements Serializable {
        int id = 1;
        Instant at;

        OneInstant(Instant at) {
            this.at = at;
        }
    }

    static final class OneDateTime implements Serializable {
        String name = "n";
        LocalDateTime at;

        OneDateTime(LocalDateTime at) {
            this.at = at;
        }
    }

    static final class OneDate implements Serializable {
        LocalDate at;

        OneDate(LocalDate at) {
            this.at = at;
        }
    }

    static final class OneTime implements Serializable {
        long id = 5;
        LocalTime at;

        OneTime(LocalTime at) {
            this.at = at;
        }
    }

    static class Base implements Serializable {
        Instant createdAt = Instant.parse("2025-11-22T10:15:30Z");
    }

    /** All four inline types, one of them in the superclass, beside a nested inline bean. */
    static final class AllFour extends Base {
        LocalDateTime dt;
        LocalDate day;
        LocalTime time;
        OneInstant nested;
    }

    /** One field of each type inlined as its payload. */
    static final class OtherTypes implements Serializable {
        String name = "o";
        OffsetDateTime offsetDateTime = OffsetDateTime.parse("2025-11-22T10:15:30.123+08:00");
        ZonedDateTime zonedDateTime = ZonedDateTime.parse("2025-11-22T10:15:30+01:00[Europe/Paris]");
        OffsetTime offsetTime = OffsetTime.parse("10:15:30-05:00");
        ZoneOffset zoneOffset = ZoneOffset.ofHours(8);
        Duration duration = Duration.ofMillis(1500);
        Period period = Period.of(1, 2, 3);
        Year year = Year.of(2025);
        YearMonth yearMonth = YearMonth.of(2025, 11);
        MonthDay monthDay = MonthDay.of(12, 31);

        OtherTypes withNulls() {
            offsetDateTime = null;
            zonedDateTime = null;
            offsetTime = null;
            zoneOffset = null;
            duration = null;
            period = null;
            year = null;
            yearMonth = null;
            monthDay = null;
            return this;
        }
    }

    private static AllFour allFour(boolean nulls) {
        AllFour bean = new AllFour();
        if (nulls) {
            bean.createdAt = null;
            return bean;
        }
        bean.dt = LocalDateTime.parse("2025-11-22T10:15:30.123456789");
        bean.day = LocalDate.parse("2025-11-22");
        bean.time = LocalTime.parse("10:15:30");
        bean.nested = new OneInstant(Instant.EPOCH);
        return bean;
    }

    /** Each shape, and the class a typed read declares for it. */
    private static Map<Object, String> shapes() {
        Map<Object, String> shapes = new LinkedHashMap<>();
        Instant[] instants = {Instant.parse("2025-11-22T10:15:30.123Z"), Instant.EPOCH, null, Instant.MIN, Instant.MAX,
                Instant.ofEpochSecond(-1, 1)};
        for (Instant at : instants) {
            shapes.put(new OneInstant(at), OneInstant.class.getName());
        }
        for (LocalDateTime at : new LocalDateTime[]{LocalDateTime.parse("2025-11-22T10:15:30"), null,
                LocalDateTime.MIN, LocalDateTime.MAX, LocalDateTime.parse("1899-12-31T23:59:59.999999999")}) {
            shapes.put(new OneDateTime(at), OneDateTime.class.getName());
        }
        for (LocalDate at : new LocalDate[]{LocalDate.parse("2025-11-22"), null, LocalDate.MIN, LocalDate.MAX}) {
            shapes.put(new OneDate(at), OneDate.class.getName());
        }
        for (LocalTime at : new LocalTime[]{LocalTime.parse("10:15:30"), null, LocalTime.MIN, LocalTime.MAX,
                LocalTime.parse("00:00:00.000000001")}) {
            shapes.put(new OneTime(at), OneTime.class.getName());
        }
        shapes.put(allFour(false), AllFour.class.getName());
        shapes.put(allFour(true), AllFour.class.getName());
        shapes.put(new OtherTypes(), OtherTypes.class.getName());
        shapes.put(new OtherTypes().withNulls(), OtherTypes.class.getName());
        shapes.put(new ArrayList<>(Arrays.asList("before", new OneDate(LocalDate.EPOCH))), "java.util.List");
        Map<String, Object> map = new HashMap<>();
        map.put("row", new OneTime(LocalTime.NOON));
        shapes.put(map, "java.util.Map");
        shapes.put(new Object[]{new OneInstant(Instant.EPOCH)}, "[Ljava.lang.Object;");
        return shapes;
    }

    private static List<String> reads(String declared) {
        return Arrays.asList("-", declared, "java.lang.Object");
    }

    @ParameterizedTest
    @ValueSource(strings = {OldReaderTest.HESSIAN_LITE_4, OldReaderTest.HESSIAN_LITE_3})
    void aStockReaderInAnotherJvmFailsOnEveryShapeWithOrWithoutOurJar(String jar) throws Exception {
        try (PeerJvm without = PeerJvm.without(jar); PeerJvm with = PeerJvm.withHessianTime(jar)) {
            assertFalse(without.canLoad("ht.Instant"), "the old peer must not see hessian-time");
            assertTrue(with.canLoad("ht.Instant"));
            for (PeerJvm peer : new PeerJvm[]{without, with}) {
                for (Class<?> bean : new Class<?>[]{OneInstant.class, OneDateTime.class, OneDate.class,
                        OneTime.class, AllFour.class, OtherTypes.class}) {
                    assertTrue(peer.canLoad(bean.getName()), peer + " needs the bean class for typed reads");
                }
                for (Map.Entry<Object, String> shape : shapes().entrySet()) {
                    String hex = Hex.of(Hessian.write(INLINE, shape.getKey()));
                    for (String expected : reads(shape.getValue())) {
                        String[] answer = peer.ask("read " + expected + " " + hex);
                        assertEquals("exception", answer[0], peer + " reading " + describe(shape.getKey())
                                + " as " + expected + ": " + String.join(" ", answer));
                    }
                }
            }
        }
    }

    /** The positive control: the same peers read the same shapes written by compatible() into the bean classes. */
    @ParameterizedTest
    @ValueSource(strings = {OldReaderTest.HESSIAN_LITE_4, OldReaderTest.HESSIAN_LITE_3})
    void theSamePeerReadsTheSameShapesWrittenByCompatible(String jar) throws Exception {
        try (PeerJvm without = PeerJvm.without(jar)) {
            for (Map.Entry<Object, String> shape : shapes().entrySet()) {
                String hex = Hex.of(Hessian.write(Hessian.compatibleFactory(), shape.getKey()));
                for (String expected : reads(shape.getValue())) {
                    String[] answer = without.ask("read " + expected + " " + hex);
                    assertEquals("value", answer[0], without + " reading " + describe(shape.getKey()) + " as "
                            + expected + ": " + String.join(" ", answer));
                    if (!shape.getValue().startsWith("java.") && !shape.getValue().startsWith("[")) {
                        assertEquals(shape.getKey().getClass().getName(), answer[1]);
                    }
                }
            }
        }
    }

    /** In this JVM, on the line the execution runs: every factory that does not read inline fields fails too. */
    @Test
    void factoriesWithoutInlineFieldsFailOnEveryShape() {
        SerializerFactory[] readers = {new SerializerFactory(), Hessian.compactFactory(), Hessian.compatibleFactory(),
                JavaTimeSerializerFactory.compactUnreferenced().newSerializerFactory(),
                Hessian.stockFactoryWith(JavaTimeSerializerFactory.compact()),
                Hessian.stockFactoryWith(JavaTimeSerializerFactory.compactInline())};
        for (SerializerFactory reader : readers) {
            for (Map.Entry<Object, String> shape : shapes().entrySet()) {
                byte[] bytes = Hessian.write(INLINE, shape.getKey());
                String what = reader + " reading " + describe(shape.getKey());
                assertThrows(Exception.class, () -> Hessian.readOne(reader, bytes), what);
                assertThrows(Exception.class, () -> Hessian.readTyped(reader, bytes, Object.class), what);
                assertThrows(Exception.class, () -> Hessian.readTyped(reader, bytes, declaredClass(shape.getValue())),
                        what);
            }
        }
    }

    /** The streams really are inline: each has a marked class definition (the corpus does not test stock bytes). */
    @Test
    void everyShapeIsWrittenInline() {
        for (Object shape : shapes().keySet()) {
            String text = new String(Hessian.write(INLINE, shape), StandardCharsets.ISO_8859_1);
            assertTrue(text.contains("ht:") && text.contains("@1"), describe(shape) + ": " + text);
        }
    }

    private static Class<?> declaredClass(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private static String describe(Object shape) {
        if (shape instanceof Object[]) {
            return Arrays.deepToString((Object[]) shape);
        }
        String fields = "";
        for (java.lang.reflect.Field field : shape.getClass().getDeclaredFields()) {
            if (field.getName().equals("at")) {
                try {
                    field.setAccessible(true);
                    fields = "(at=" + field.get(shape) + ")";
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return shape.getClass().getSimpleName() + fields;
    }
}
