package io.github.hessiantime.dubbo;

import io.github.hessiantime.HostileDtos;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 24: DTOs that change while the fleet runs. Each shape a rolling deploy makes is a writer's and a reader's
 * version of the same classes, compiled into two class loaders ({@link VersionLoaders}); a value of the writer's
 * version is written and read back as the reader's through Dubbo's {@code Serialization} SPI (STRICT class checks,
 * the DTO packages allowed, the migration zone {@code Asia/Shanghai} set), typed as a method parameter is and untyped,
 * over {@code hessian2} and over {@code hessian2-time}. A result is right (the reader's {@code verify()} says each field
 * holds what the shape promises), wrong (a field of the wrong type, seen by reflection only, or a wrong value), or an
 * error. The rule the issue sets, checked for every shape and read: where hessian2 is right, hessian2-time is right;
 * hessian2-time is never wrong; and it gives what each shape pins (right, or a clear error).
 *
 * <p>Runs in the Dubbo glue tests (Dubbo 3.3 with hessian-lite 4.0.x) and again with Dubbo 3.2 and
 * com.alibaba:hessian-lite 3.2.13 (the library's pom, execution {@code dubbo-3.2-glue}).
 */
class EvolutionMatrixTest {
    private static final String ZONE_PROPERTY = "dubbo.application.hessian2-time.zone";
    private static final List<Shape> SHAPES = new ArrayList<>();
    private static FrameworkModel framework;
    private static URL url;
    private static ClassLoader writers;
    private static ClassLoader readers;

    /** The values every shape uses, in both versions: the moment, and it at +08:00. */
    private static final String VALUES = """
            package evo;
            import java.time.*;
            import java.util.*;
            public final class V {
                public static final Instant I = Instant.parse("2025-11-22T10:15:30.123456789Z");
                public static final Instant IMS = Instant.parse("2025-11-22T10:15:30.123Z");
                public static final Date D = new Date(IMS.toEpochMilli());
                public static final LocalDateTime L = LocalDateTime.parse("2025-11-22T18:15:30.123456789");
                public static final LocalDateTime LMS = LocalDateTime.parse("2025-11-22T18:15:30.123");
                public static final LocalDate DAY = LocalDate.parse("2025-11-22");
                public static final LocalTime T = LocalTime.parse("10:15:30");
                public static final OffsetDateTime O = OffsetDateTime.parse("2025-11-22T11:15:30.123456789+01:00");
                public static final ZonedDateTime Z = ZonedDateTime.parse("2025-11-22T11:15:30.123456789+01:00[Europe/Paris]");
                /** name, actual, expected, ...: "ok" or the first field that differs. */
                public static String check(Object... triples) {
                    for (int i = 0; i < triples.length; i += 3) {
                        if (!Objects.equals(triples[i + 1], triples[i + 2])) {
                            return triples[i] + "=" + triples[i + 1] + " (expected " + triples[i + 2] + ")";
                        }
                    }
                    return "ok";
                }
            }
            """;

    static {
        // --- fields added, removed, renamed, moved
        shape("fieldAdded", "right",
                "class Dto { Instant at = V.I; String name = \"n\"; %s }",
                "class Dto { Instant at; String name; LocalDate added; %s }",
                "\"at\", at, V.I, \"name\", name, \"n\", \"added\", added, null");
        shape("fieldRemoved", "right",
                "class Dto { Instant at = V.I; String name = \"n\"; LocalDate gone = V.DAY; %s }",
                "class Dto { Instant at; String name; %s }",
                "\"at\", at, V.I, \"name\", name, \"n\"");
        shape("fieldRenamed", "right",
                "class Dto { Instant at = V.I; String before = \"x\"; %s }",
                "class Dto { Instant at; String after; %s }",
                "\"at\", at, V.I, \"after\", after, null");
        shape("plainFieldAdded", "right",
                "class Dto { Date d = V.D; String name = \"n\"; %s }",
                "class Dto { Date d; String name; long added; %s }",
                "\"d\", d, V.D, \"name\", name, \"n\", \"added\", added, 0L");
        shape("movedToSubclass", "right",
                "class Base { Instant at = V.I; } class Dto extends Base { String name = \"n\"; %s }",
                "class Base { } class Dto extends Base { Instant at; String name; %s }",
                "\"at\", at, V.I, \"name\", name, \"n\"");
        shape("movedToSuperclass", "right",
                "class Dto { Instant at = V.I; String name = \"n\"; %s }",
                "class Base { Instant at; } class Dto extends Base { String name; %s }",
                "\"at\", at, V.I, \"name\", name, \"n\"");
        // --- readResolve and writeReplace, added and removed
        shape("readResolveAddedOnReader", "right",
                "class Dto { Instant at = V.I; String name = \"n\"; %s }",
                "class Dto { Instant at; String name; transient String resolved;"
                        + " Object readResolve() { Dto d = new Dto(); d.at = at; d.name = name; d.resolved = \"yes\"; return d; } %s }",
                "\"at\", at, V.I, \"name\", name, \"n\", \"resolved\", resolved, \"yes\"");
        shape("readResolveInSuperclassOnReader", "right",
                "class Dto { Instant at = V.I; %s }",
                "class Base { transient String resolved; Object readResolve() { resolved = \"yes\"; return this; } }"
                        + " class Dto extends Base { Instant at; %s }",
                "\"at\", at, V.I, \"resolved\", resolved, \"yes\"");
        shape("readResolveRemovedOnReader", "right",
                "class Dto { Instant at = V.I; Object readResolve() { return this; } %s }",
                "class Dto { Instant at; %s }",
                "\"at\", at, V.I");
        shape("writeReplaceAddedOnWriter", "right",
                "class Form { Instant at; String kind = \"form\"; } class Dto { Instant at = V.I;"
                        + " Object writeReplace() { Form f = new Form(); f.at = at; return f; } %s }",
                "class Dto { Instant at; String kind; %s }",
                "\"at\", at, V.I, \"kind\", kind, \"form\"");
        shape("writeReplaceRemovedOnWriter", "right",
                "class Dto { Instant at = V.I; %s }",
                "class Form { Instant at; Object readResolve() { Dto d = new Dto(); d.at = at; return d; } }"
                        + " class Dto { Instant at; Object writeReplace() { Form f = new Form(); f.at = at; return f; } %s }",
                "\"at\", at, V.I");
        shape("writeReplaceAndReadResolveBothSides", "right",
                "class Form { Instant at; Object readResolve() { Dto d = new Dto(); d.at = at; return d; } }"
                        + " class Dto { Instant at = V.I; Object writeReplace() { Form f = new Form(); f.at = at; return f; } %s }",
                "class Form { Instant at; Object readResolve() { Dto d = new Dto(); d.at = at; return d; } }"
                        + " class Dto { Instant at; Object writeReplace() { Form f = new Form(); f.at = at; return f; } %s }",
                "\"at\", at, V.I");
        // --- class <-> record
        shape("classToRecord", "right",
                "class Dto { String id = \"a\"; Instant at = V.I; LocalDate day = V.DAY; long n = 7; %s }",
                "record Dto(String id, Instant at, LocalDate day, long n) { %s }",
                "\"id\", id, \"a\", \"at\", at, V.I, \"day\", day, V.DAY, \"n\", n, 7L");
        shape("recordToClass", "right",
                "record Dto(String id, Instant at, LocalDate day, long n) { %s }",
                "class Dto { String id; Instant at; LocalDate day; long n; %s }",
                "\"id\", id, \"a\", \"at\", at, V.I, \"day\", day, V.DAY, \"n\", n, 7L");
        shape("recordComponentAdded", "right",
                "record Dto(String id, Instant at) { %s }",
                "record Dto(String id, Instant at, LocalDate day, int n) { %s }",
                "\"id\", id, \"a\", \"at\", at, V.I, \"day\", day, null, \"n\", n, 0");
        shape("recordComponentRemoved", "right",
                "record Dto(String id, Instant at, LocalDate day) { %s }",
                "record Dto(String id, Instant at) { %s }",
                "\"id\", id, \"a\", \"at\", at, V.I");
        shape("recordWithoutTimeToClass", "right",
                "record Dto(String id, long n) { %s }",
                "class Dto { String id; long n; %s }",
                "\"id\", id, \"a\", \"n\", n, 7L");
        // --- hidden fields, on the writer, the reader or both
        shape("writerHidesReaderHasOne", "right",
                "class Base { Instant ts = V.I; } class Dto extends Base { LocalDateTime ts = V.L; %s }",
                "class Dto { LocalDateTime ts; %s }",
                "\"ts\", ts, V.L");
        shape("readerHidesWriterHasOne", "right",
                "class Dto { LocalDateTime ts = V.L; %s }",
                "class Base { Instant ts; } class Dto extends Base { LocalDateTime ts; %s }",
                "\"ts\", ts, V.L, \"Base.ts\", ((Base) this).ts, null");
        shape("bothHideTimeFields", "right",
                "class Base { Instant ts = V.I; } class Dto extends Base { LocalDateTime ts = V.L; %s }",
                "class Base { Instant ts; } class Dto extends Base { LocalDateTime ts; %s }",
                "\"ts\", ts, V.L, \"Base.ts\", ((Base) this).ts, V.I");
        shape("bothHideStrings", "right",
                "class Base { String label = \"base\"; } class Dto extends Base { String label = \"dto\"; %s }",
                "class Base { String label; } class Dto extends Base { String label; %s }",
                "\"label\", label, \"dto\", \"Base.label\", ((Base) this).label, \"base\"");
        shape("writerHidesDateReaderHasOneInSuperclass", "right",
                "class Base { Date d = V.D; } class Dto extends Base { LocalDateTime d = V.L; %s }",
                "class Base { LocalDateTime d; } class Dto extends Base { %s }",
                "\"d\", d, V.L");
        shape("writerHidesStringWithInstant", "right",
                "class Base { String at = \"text\"; } class Dto extends Base { Instant at = V.I; %s }",
                "class Dto { Instant at; %s }",
                "\"at\", at, V.I");
        // --- a field's type moved between Date and java.time, in the zone Asia/Shanghai
        shape("dateToLocalDateTime", "right",
                "class Dto { Date at = V.D; %s }", "class Dto { LocalDateTime at; %s }", "\"at\", at, V.LMS");
        shape("localDateTimeToDate", "right",
                "class Dto { LocalDateTime at = V.L; %s }", "class Dto { Date at; %s }", "\"at\", at, V.D");
        shape("dateToInstant", "right",
                "class Dto { Date at = V.D; %s }", "class Dto { Instant at; %s }", "\"at\", at, V.IMS");
        shape("instantToDate", "right",
                "class Dto { Instant at = V.I; %s }", "class Dto { Date at; %s }", "\"at\", at, V.D");
        shape("instantToLocalDateTime", "right",
                "class Dto { Instant at = V.I; %s }", "class Dto { LocalDateTime at; %s }", "\"at\", at, V.L");
        shape("localDateTimeToInstant", "right",
                "class Dto { LocalDateTime at = V.L; %s }", "class Dto { Instant at; %s }", "\"at\", at, V.I");
        shape("dateToLocalDate", "right",
                "class Dto { Date at = V.D; %s }", "class Dto { LocalDate at; %s }", "\"at\", at, V.DAY");
        shape("offsetToZoned", "right",
                "class Dto { OffsetDateTime at = V.O; %s }", "class Dto { ZonedDateTime at; %s }",
                "\"at\", at, V.O.toZonedDateTime()");
        shape("zonedToOffset", "right",
                "class Dto { ZonedDateTime at = V.Z; %s }", "class Dto { OffsetDateTime at; %s }",
                "\"at\", at, V.Z.toOffsetDateTime()");
        shape("dateBesideATimeFieldToLocalDateTime", "right",
                "class Dto { Date at = V.D; Instant other = V.I; %s }",
                "class Dto { LocalDateTime at; Instant other; %s }", "\"at\", at, V.LMS, \"other\", other, V.I");
        shape("localDateToLocalDateTime", "error",
                "class Dto { LocalDate at = V.DAY; %s }", "class Dto { LocalDateTime at; %s }", "\"at\", at, null");
        // --- other type changes: a conversion hessian-lite makes, supertypes, and what nothing converts
        shape("intToLong", "right",
                "class Dto { int n = 5; Instant at = V.I; %s }", "class Dto { long n; Instant at; %s }",
                "\"n\", n, 5L, \"at\", at, V.I");
        shape("instantToObjectAndTemporal", "right",
                "class Dto { Instant at = V.I; LocalDateTime l = V.L; %s }",
                "class Dto { Object at; Temporal l; %s }", "\"at\", at, V.I, \"l\", l, V.L");
        shape("localTimeToDuration", "error",
                "class Dto { LocalTime t = V.T; %s }", "class Dto { Duration t; %s }", "\"t\", t, null");
        shape("listToSet", "right",
                "class Dto { List<String> tags = new ArrayList<>(List.of(\"a\")); Instant at = V.I; %s }",
                "class Dto { Set<String> tags; Instant at; %s }", "\"tags\", tags, new HashSet<>(List.of(\"a\"))");
        shape("beanToString", "error",
                "class Inner { int x = 1; } class Dto { Object v = new Inner(); Instant at = V.I; %s }",
                "class Dto { String v; Instant at; %s }", "\"v\", v, null");
    }

    private record Shape(String name, String timeVerdict, String writer, String reader, String check) {
    }

    /**
     * A shape: the writer's and the reader's classes of package {@code evo.<name>} ({@code %s} in the {@code Dto}
     * declaration takes its method), what hessian2-time must give ({@code right} or {@code error}), and the reader's
     * check (name, actual, expected triples).
     */
    private static void shape(String name, String timeVerdict, String writer, String reader, String check) {
        SHAPES.add(new Shape(name, timeVerdict, writer, reader, check));
    }

    private static Map<String, String> sources(boolean writerSide) {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("evo.V", VALUES);
        for (Shape shape : SHAPES) {
            String method = writerSide
                    ? "public static Object sample() { return new Dto(" + recordArguments(shape.writer) + "); }"
                    : "public String verify() { return V.check(" + shape.check + "); }";
            String classes = String.format(writerSide ? shape.writer : shape.reader, method);
            sources.put("evo." + shape.name + ".Dto", "package evo." + shape.name + ";\nimport evo.V;\n"
                    + "import java.time.*;\nimport java.time.temporal.*;\nimport java.util.*;\n"
                    + serializable(classes));
        }
        return sources;
    }

    /** The sample values of a record's components ({@code "a"}, the moment, the day, 7), or none for a class. */
    private static String recordArguments(String writer) {
        if (!writer.startsWith("record Dto(")) {
            return "";
        }
        List<String> arguments = new ArrayList<>();
        for (String component : writer.substring(writer.indexOf('(') + 1, writer.indexOf(')')).split(",\\s*")) {
            String type = component.substring(0, component.indexOf(' '));
            arguments.add(type.equals("String") ? "\"a\"" : type.equals("Instant") ? "V.I"
                    : type.equals("LocalDate") ? "V.DAY" : type.equals("long") ? "7L" : "0");
        }
        return String.join(", ", arguments);
    }

    /** Every class and record of a shape made Serializable, its fields visible to the other classes. */
    private static String serializable(String classes) {
        return classes.replaceAll("class (\\w+) \\{", "class $1 implements java.io.Serializable {")
                .replaceAll("class (\\w+) extends (\\w+) \\{", "class $1 extends $2 implements java.io.Serializable {")
                .replaceAll("record Dto\\(([^)]*)\\) \\{", "record Dto($1) implements java.io.Serializable {")
                .replace("class Dto", "public class Dto").replace("record Dto", "public record Dto");
    }

    @BeforeAll
    static void setUp() {
        System.setProperty(ZONE_PROPERTY, "Asia/Shanghai");
        framework = new FrameworkModel();
        SerializeSecurityManager security = framework.getBeanFactory().getBean(SerializeSecurityManager.class);
        security.setCheckStatus(SerializeCheckStatus.STRICT);
        security.addToAllowed("evo.");
        url = URL.valueOf("dubbo://127.0.0.1:20880/Evolution").setScopeModel(framework.newApplication());
        writers = VersionLoaders.compile("writer", sources(true));
        readers = VersionLoaders.compile("reader", sources(false));
    }

    @AfterAll
    static void tearDown() {
        System.clearProperty(ZONE_PROPERTY);
        framework.destroy();
    }

    @Test
    void everyShapeReadsAsTheIssueSays() throws Exception {
        List<String> failures = new ArrayList<>();
        int hessian2Right = 0;
        int timeRight = 0;
        for (Shape shape : SHAPES) {
            Class<?> writerDto = writers.loadClass("evo." + shape.name + ".Dto");
            Class<?> readerDto = readers.loadClass("evo." + shape.name + ".Dto");
            Object sample = writerDto.getMethod("sample").invoke(null);
            for (boolean typed : new boolean[]{true, false}) {
                String hessian2 = verdict("hessian2", sample, readerDto, typed);
                String time = verdict(Hessian2TimeSerialization.NAME, sample, readerDto, typed);
                String where = shape.name + (typed ? " (typed)" : " (untyped)") + ": hessian2 " + hessian2
                        + ", hessian2-time " + time;
                System.out.println(where);
                hessian2Right += hessian2.equals("right") ? 1 : 0;
                timeRight += time.equals("right") ? 1 : 0;
                if (hessian2.equals("right") && !time.equals("right")) {
                    failures.add("worse than hessian2: " + where);
                }
                if (time.startsWith("wrong")) {
                    failures.add("silently wrong: " + where);
                }
                boolean comparable = typed || !time.startsWith("not a Dto");
                if (comparable && !time.startsWith(shape.timeVerdict)) {
                    failures.add("expected " + shape.timeVerdict + ": " + where);
                }
            }
        }
        assertEquals(new ArrayList<String>(), failures);
        assertTrue(timeRight > hessian2Right, "hessian2-time right in " + timeRight + ", hessian2 in " + hessian2Right);
    }

    /** right, wrong type (seen by reflection only), wrong value, not a Dto, or error. */
    private static String verdict(String serialization, Object sample, Class<?> readerDto, boolean typed) {
        Object back;
        try {
            byte[] bytes = inLoader(sample.getClass().getClassLoader(), () -> write(serialization, sample));
            back = inLoader(readerDto.getClassLoader(), () -> read(serialization, bytes, typed ? readerDto : null));
        } catch (Exception | StackOverflowError e) {
            return "error: " + e;
        }
        if (!readerDto.isInstance(back)) {
            return "not a Dto: " + (back == null ? null : back.getClass().getName());
        }
        List<String> wrongTyped = HostileDtos.wrongTypedFields(back);
        if (!wrongTyped.isEmpty()) {
            return "wrong type " + wrongTyped;
        }
        try {
            String check = (String) readerDto.getMethod("verify").invoke(back);
            return check.equals("ok") ? "right" : "wrong value " + check;
        } catch (ReflectiveOperationException e) {
            return "wrong value (verify threw " + e + ")";
        }
    }

    private static byte[] write(String serialization, Object value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput output = serialization(serialization).serialize(url, bytes);
        output.writeObject(value);
        output.flushBuffer();
        return bytes.toByteArray();
    }

    private static Object read(String serialization, byte[] bytes, Class<?> typed) throws Exception {
        ObjectInput input = serialization(serialization).deserialize(url, new ByteArrayInputStream(bytes));
        return typed != null ? input.readObject(typed) : input.readObject();
    }

    private static Serialization serialization(String name) {
        return framework.getExtensionLoader(Serialization.class).getExtension(name);
    }

    private static <T> T inLoader(ClassLoader loader, VersionLoaders.InContext<T> action) throws Exception {
        return VersionLoaders.inContext(loader, action);
    }
}
