package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The committed inline golden vectors ({@code golden/inline-v1.hex}) against what the code writes and reads today. */
class InlineGoldenVectorsTest {

    static List<GoldenVectors> inline() {
        return GoldenVectors.load("inline-v1.hex");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inline")
    void compactInlineWritesAndReadsTheGoldenBytes(GoldenVectors vector) throws Exception {
        SerializerFactory inline = JavaTimeSerializerFactory.compactInline().newSerializerFactory();
        InlineRow row = InlineRow.with(vector.value);
        assertEquals(Hessian.hex(vector.bytes), Hessian.hex(Hessian.write(inline, row)));
        assertEquals(row, Hessian.readOne(inline, vector.bytes));
        assertEquals(row, Hessian.readTyped(inline, vector.bytes, InlineRow.class));
        // any reader without the inline hooks fails on the sentinel instead of returning a row
        for (SerializerFactory other : new SerializerFactory[]{new SerializerFactory(), Hessian.compactFactory()}) {
            assertThrows(Exception.class, () -> Hessian.readTyped(other, vector.bytes, InlineRow.class));
        }
    }
}
