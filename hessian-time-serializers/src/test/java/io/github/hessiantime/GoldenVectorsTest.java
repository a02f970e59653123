package io.github.hessiantime;

import io.github.hessiantime.testsupport.EdgeCorpus;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The committed golden vectors against what the code writes and reads today. */
class GoldenVectorsTest {

    static List<GoldenVectors> compact() {
        return GoldenVectors.load("compact-v1.hex");
    }

    static List<GoldenVectors> compactUnreferenced() {
        return GoldenVectors.load("compact-v1-unreferenced.hex");
    }

    static List<GoldenVectors> inline() {
        return GoldenVectors.load("inline-v1.hex");
    }

    /**
     * Inline fields: an {@link InlineRow} or {@link InlineOtherRow} per value, as hessian2-time writes a bean with
     * java.time fields.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("inline")
    void compactInlineWritesAndReadsTheGoldenBytes(GoldenVectors vector) throws Exception {
        SerializerFactory inline = JavaTimeSerializerFactory.compactInline().newSerializerFactory();
        Object row = InlineOtherRow.holding(vector.value);
        assertEquals(Hessian.hex(vector.bytes), Hessian.hex(Hessian.write(inline, row)));
        assertEquals(row, Hessian.readOne(inline, vector.bytes));
        assertEquals(row, Hessian.readTyped(inline, vector.bytes, row.getClass()));
        // any reader without the inline hooks fails on the sentinel instead of returning a row
        for (SerializerFactory other : new SerializerFactory[]{new SerializerFactory(), Hessian.compactFactory()}) {
            assertThrows(Exception.class, () -> Hessian.readTyped(other, vector.bytes, row.getClass()));
        }
    }

    /** hessian2-time's framing: the same payloads, another field name, no reference slot. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("compactUnreferenced")
    void compactUnreferencedWritesAndEveryReaderReadsTheGoldenBytes(GoldenVectors vector) throws Exception {
        SerializerFactory writer = JavaTimeSerializerFactory.compactUnreferenced().newSerializerFactory();
        assertEquals(Hessian.hex(vector.bytes), Hessian.hex(Hessian.write(writer, vector.value)));
        Class<?> declared = vector.type.equals("ZoneId") ? java.time.ZoneId.class : vector.value.getClass();
        for (SerializerFactory reader : new SerializerFactory[]{Hessian.compactFactory(), Hessian.compatibleFactory(),
                writer}) {
            assertEquals(vector.value, Hessian.readOne(reader, vector.bytes));
            assertEquals(vector.value, Hessian.readTyped(reader, vector.bytes, declared));
        }
        assertThrows(Exception.class, () -> Hessian.readOne(new SerializerFactory(), vector.bytes));
    }

    static List<GoldenVectors> stockDefault() {
        return GoldenVectors.load("hessian-lite-4.0.4-default.hex");
    }

    static List<GoldenVectors> stockCompactMode() {
        return GoldenVectors.load("hessian-lite-4.0.4-compact-mode.hex");
    }

    @Test
    void everyEdgeValueHasAVectorInEachFullFile() {
        List<String> corpus = EdgeCorpus.all().stream().map(v -> EdgeCorpus.typeKey(v) + " " + v)
                .collect(Collectors.toList());
        assertEquals(corpus, compact().stream().map(GoldenVectors::toString).collect(Collectors.toList()));
        assertEquals(corpus, stockDefault().stream().map(GoldenVectors::toString).collect(Collectors.toList()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("compact")
    void compactWritesTheGoldenBytes(GoldenVectors vector) {
        assertEquals(Hessian.hex(vector.bytes), Hessian.hex(Hessian.write(Hessian.compactFactory(), vector.value)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("compact")
    void compactGoldenBytesDecodeWithEveryReader(GoldenVectors vector) throws Exception {
        assertEquals(vector.value, Hessian.readOne(Hessian.compactFactory(), vector.bytes));
        assertEquals(vector.value, Hessian.readOne(Hessian.compatibleFactory(), vector.bytes));
        // A typed read (a DTO field, a method parameter) of the declared java.time type.
        Class<?> declared = vector.type.equals("ZoneId") ? java.time.ZoneId.class : vector.value.getClass();
        assertEquals(vector.value, Hessian.readTyped(Hessian.compatibleFactory(), vector.bytes, declared));
        assertEquals(vector.value, Hessian.readOne(Hessian.stockFactoryWith(JavaTimeSerializerFactory.compatible()),
                vector.bytes));
        // The jar alone, without hessian-time's factory in the SerializerFactory, reads no compact value: it fails
        // visibly (the marker class's v1 field expects a long), untyped and typed, instead of returning anything.
        // (hessian-lite 3.2.13 on JDK 17 fails with its own InaccessibleObjectException on the typed read.)
        assertThrows(Exception.class, () -> Hessian.readOne(new SerializerFactory(), vector.bytes));
        assertThrows(Exception.class, () -> Hessian.readTyped(new SerializerFactory(), vector.bytes, declared));
    }

    /**
     * Our jar on the class path must not change one byte of what a stock SerializerFactory writes, and
     * {@code compatible()} writes exactly those bytes too.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("stockDefault")
    void stockFactoryWithOurJarAndCompatibleWriteTheGoldenBytes(GoldenVectors vector) {
        assertEquals(Hessian.hex(vector.bytes), Hessian.hex(Hessian.write(new SerializerFactory(), vector.value)),
                "stock SerializerFactory");
        assertEquals(Hessian.hex(vector.bytes), Hessian.hex(Hessian.write(Hessian.compatibleFactory(), vector.value)),
                "compatible()");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stockDefault")
    void stockDefaultBytesDecodeWithOurReaders(GoldenVectors vector) throws Exception {
        assertEquals(vector.value, Hessian.readOne(Hessian.compactFactory(), vector.bytes));
        assertEquals(vector.value, Hessian.readOne(Hessian.compatibleFactory(), vector.bytes));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("stockCompactMode")
    void stockCompactModeBytesDecodeWithOurReaders(GoldenVectors vector) throws Exception {
        assertEquals(vector.value, Hessian.readOne(Hessian.compactFactory(), vector.bytes));
        assertEquals(vector.value, Hessian.readOne(Hessian.compatibleFactory(), vector.bytes));
        assertEquals(vector.value, Hessian.readTyped(Hessian.compactFactory(), vector.bytes, vector.value.getClass()));
    }

    @Test
    void compactModeFileCoversTheThreeTypesItChanges() {
        assertTrue(stockCompactMode().stream().allMatch(v -> v.type.startsWith("Local")));
        assertEquals(EdgeCorpus.byType().get("LocalDateTime").size() + EdgeCorpus.byType().get("LocalDate").size()
                + EdgeCorpus.byType().get("LocalTime").size(), stockCompactMode().size());
    }
}
