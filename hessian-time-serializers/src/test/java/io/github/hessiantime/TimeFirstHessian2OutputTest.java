package io.github.hessiantime;

import io.github.hessiantime.testsupport.EdgeCorpus;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The writer hessian2-time uses: on both hessian-lite lines it writes exactly what newSerializerFactory() writes,
 * for top-level values and for values nested in objects, even around a factory where hessian-lite's own java.time
 * serializers would come first (3.2.x).
 */
class TimeFirstHessian2OutputTest {

    @Test
    void writesWhatTheTimeFirstFactoryWritesForEveryValueAndNestedValues() throws Exception {
        JavaTimeSerializerFactory time = JavaTimeSerializerFactory.compactUnreferenced();
        SerializerFactory stockWithTime = Hessian.stockFactoryWith(time);
        SerializerFactory reference = time.newSerializerFactory();
        for (Object value : EdgeCorpus.all()) {
            assertEquals(Hessian.hex(Hessian.write(reference, value)), Hessian.hex(write(stockWithTime, time, value)));
        }
        // All of them in one stream, long payloads before short ones: the reused payload buffer leaks nothing.
        Object[] all = EdgeCorpus.all().toArray();
        java.util.Collections.reverse(java.util.Arrays.asList(all));
        assertEquals(Hessian.hex(Hessian.write(reference, all)), Hessian.hex(write(stockWithTime, time, all)));
        ReferencesTest.Event event = new ReferencesTest.Event();
        event.at = Instant.parse("2025-11-22T10:15:30.123Z");
        event.local = LocalDateTime.parse("2025-11-22T10:15:30");
        event.tags = Collections.singletonMap("when", event.at);
        byte[] bytes = write(stockWithTime, time, (Object) event);
        assertEquals(Hessian.hex(Hessian.write(reference, event)), Hessian.hex(bytes));
        assertEquals(event, Hessian.readOne(Hessian.compatibleFactory(), bytes));
    }

    private static byte[] write(SerializerFactory factory, JavaTimeSerializerFactory time, Object... values)
            throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = time.newHessian2Output(bytes);
        out.setSerializerFactory(factory);
        for (Object value : values) {
            out.writeObject(value);
        }
        out.flush();
        return bytes.toByteArray();
    }
}
