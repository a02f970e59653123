package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.TypedReadDtos.Declared;
import io.github.hessiantime.TypedReadDtos.Sent;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A typed read whose declared class is neither the stream's class nor one of its supertypes (another class with the
 * same field names, or the stream's class is missing in the reader's JVM): hessian-lite reads the fields by name into
 * the declared class, and so do inline fields (hessian-lite's choice of the declared class's reader is wrapped).
 */
class InlineTypedReadTest {
    private final SerializerFactory compatible = JavaTimeSerializerFactory.compatible().newSerializerFactory();
    private final SerializerFactory inline = JavaTimeSerializerFactory.compactInline().newSerializerFactory();

    @Test
    void aTypedReadAsAnUnrelatedClassWithTheSameFieldsReadsThemAsOverHessian2() throws Exception {
        Declared overHessian2 = (Declared) Hessian.readTyped(compatible, Hessian.write(compatible, new Sent()), Declared.class);
        assertEquals(4, overHessian2.id);
        assertEquals(new Sent().at, overHessian2.at);
        Declared overInline = (Declared) Hessian.readTyped(inline, Hessian.write(inline, new Sent()), Declared.class);
        assertEquals(4, overInline.id);
        assertEquals(new Sent().at, overInline.at);
    }

    @Test
    void aTypedReadOfAClassMissingInTheReaderReadsTheFieldsIntoTheDeclaredClassAsOverHessian2() throws Exception {
        String missing = Sent.class.getName().replace("Sent", "Gone");
        Declared overHessian2 = (Declared) Hessian.readTyped(compatible, renamed(Hessian.write(compatible, new Sent()), missing), Declared.class);
        assertEquals(4, overHessian2.id);
        assertEquals(new Sent().at, overHessian2.at);
        Declared overInline = (Declared) Hessian.readTyped(inline, renamed(Hessian.write(inline, new Sent()), missing), Declared.class);
        assertEquals(4, overInline.id);
        assertEquals(new Sent().at, overInline.at);
    }

    private static byte[] renamed(byte[] bytes, String to) {
        return new String(bytes, StandardCharsets.ISO_8859_1).replace(Sent.class.getName(), to)
                .getBytes(StandardCharsets.ISO_8859_1);
    }
}
